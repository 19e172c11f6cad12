import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextAreaField } from './textarea-field';

describe('TextAreaField', () => {
  it('is a textbox named by its label, required when told', () => {
    render(<TextAreaField label="Message" required value="" onChange={() => undefined} />);
    const field = screen.getByRole('textbox', { name: 'Message' });
    expect(field.tagName).toBe('TEXTAREA');
    expect(field).toBeRequired();
  });

  it('announces its error with the field', () => {
    render(<TextAreaField label="Message" error="Too long" value="x" onChange={() => undefined} />);
    const field = screen.getByRole('textbox', { name: 'Message' });
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('Too long');
  });
});
