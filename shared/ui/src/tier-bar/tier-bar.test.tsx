import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TierBar } from './tier-bar';

const targets = [
  { targetNumber: 1, amount: 10000 },
  { targetNumber: 2, amount: 20000 },
];

describe('TierBar', () => {
  it('is blue past the first target and says which targets are reached', () => {
    render(<TierBar totalSpend={12500} targets={targets} />);
    const bar = screen.getByRole('img');
    expect(bar).toHaveAccessibleName('Spend $12,500.00 against Target 1 $10,000 (reached), Target 2 $20,000');
    expect(bar.querySelector('[data-colour]')).toHaveAttribute('data-colour', 'blue');
  });

  it('is orange below the first target, 450 by 120 px', () => {
    render(<TierBar totalSpend={500} targets={targets} />);
    const track = screen.getByRole('img').querySelector('[data-colour]');
    expect(track).toHaveAttribute('data-colour', 'orange');
    expect(track).toHaveStyle({ height: '450px', width: '120px' });
  });

  it('is reached by the keyboard in reading order, and its name carries the figures', async () => {
    render(
      <>
        <button type="button">Before</button>
        <TierBar totalSpend={12500} targets={targets} />
      </>,
    );
    await userEvent.tab();
    await userEvent.tab();
    expect(screen.getByRole('img')).toHaveFocus();
    expect(document.activeElement).toHaveAccessibleName(/^Spend \$12,500\.00 against Target 1/);
  });
});
