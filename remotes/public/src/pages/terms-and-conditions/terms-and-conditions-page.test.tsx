import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../testing/render-page';
import TermsAndConditionsPage from './terms-and-conditions-page';

describe('TermsAndConditionsPage', () => {
  it('shows the static terms of the meat-pack spend promotion', () => {
    const { title, container } = renderPage(<TermsAndConditionsPage />, { path: '/terms-and-conditions' });
    expect(title()).toBe('Terms and Conditions');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/Meat Pack Spend Promotion/);
    const text = container.textContent ?? '';
    expect(text).toContain('6 November 2023 to 8 December 2023');
    expect(text).toContain('three spend targets');
    expect(text).toContain('Prizes are not cumulative');
    expect(text).toContain('valid for 12 months');
  });
});
