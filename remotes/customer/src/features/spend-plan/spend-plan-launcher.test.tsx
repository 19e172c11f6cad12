import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PromotionFigures } from '@promo/domain/account/promotion-figures.rules';
import {
  buildAccount,
  buildMultiTargetPromotion,
  buildTargets,
  withFigures,
} from '@promo/domain/testing/data-generators';
import { SpendPlanLauncher } from './spend-plan-launcher';

afterEach(() => {
  vi.restoreAllMocks();
});

/** New Zealand wall-clock time (daylight time, +13:00): the rules count NZ dates on any device. */
const at = (year: number, month: number, day: number, hour = 12) =>
  Date.parse(
    `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00+13:00`,
  );

// Monday 2 November to Friday 11 December 2026 (30 trading days); "now" is Sunday 22 November:
// 15 trading days are in the figures and 15 remain, from Monday 23 November.
const promotion = buildMultiTargetPromotion({
  startTimestamp: at(2026, 11, 2, 0),
  endTimestamp: at(2026, 12, 11, 23),
});
const NOW = at(2026, 11, 22, 10);

/** Past Target 1 ($25,800) with $27,348.02: Targets 2 ($28,300) and 3 ($32,000) remain. */
function renderPlan(figures: Partial<PromotionFigures> = {}, now = NOW) {
  const account = withFigures(buildAccount(), {
    promotionId: promotion.id,
    targets: buildTargets(25_800, 28_300, 32_000),
    totalSpend: 27_348.02,
    selectedReward: '1:Gourmet Hamper,3:BBQ Hamper',
    ...figures,
  });
  const targets = account.targetDetails[promotion.id] ?? [];
  render(<SpendPlanLauncher promotion={promotion} account={account} targets={targets} now={now} />);
  return userEvent.setup();
}

async function openPlan(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Plan my spend' }));
  return screen.findByRole('textbox', { name: /Weekly spend/ });
}

const outcome = (targetNumber: number) =>
  screen.getByText(new RegExp(`^Target ${targetNumber} \\(\\$[\\d,]+\\):`)).closest('li');

describe('SpendPlanLauncher', () => {
  it('opens from a collapsed button, starting at the customer pace so far', async () => {
    const user = renderPlan();
    const button = screen.getByRole('button', { name: 'Plan my spend' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox')).toBeNull();

    const field = await openPlan(user);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // $27,348.02 over 15 trading days is $1,823.20 a day: $9,116 a week.
    expect(field).toHaveValue('9116');
    expect(screen.getByText('Your pace so far is about $9,116 a week.')).toBeVisible();
    // At that pace: Target 2 the first day (Monday 23rd), Target 3 on day 3 (Wednesday 25th).
    expect(outcome(2)).toHaveTextContent('Target 2 ($28,300): reached on 23 November');
    expect(outcome(3)).toHaveTextContent('Target 3 ($32,000): reached on 25 November');
  });

  it('a typed weekly spend gives each remaining target its trading day and the reward it unlocks', async () => {
    const user = renderPlan();
    const field = await openPlan(user);
    await user.clear(field);
    await user.type(field, '$2,000');
    expect(screen.getByRole('heading', { name: 'At $2,000 a week' })).toBeVisible();
    // $400 a trading day: $951.98 short of Target 2 takes 3 days, $4,651.98 short of Target 3 takes 12.
    expect(outcome(2)).toHaveTextContent('reached on 25 November');
    expect(outcome(2)).toHaveTextContent(
      'Unlocks a reward of your choice: Gourmet Hamper, BBQ Hamper or Coffee Lovers Hamper',
    );
    expect(outcome(3)).toHaveTextContent('reached on 8 December');
    expect(outcome(3)).toHaveTextContent('Unlocks your chosen reward: BBQ Hamper');
    // Target 1 is reached already: it is not planned.
    expect(screen.queryByText(/^Target 1 /)).toBeNull();

    const slider = screen.getByRole('slider', { name: 'Weekly spend' });
    expect(slider).toHaveAttribute(
      'aria-valuetext',
      '$2,000 a week: Target 2 reached on 25 November; Target 3 reached on 8 December',
    );
    expect(screen.getByRole('status')).toHaveTextContent('$2,000 a week: Target 2 reached on 25 November');
  });

  it('says when a spend does not reach a target by the end date', async () => {
    const user = renderPlan();
    const field = await openPlan(user);
    await user.clear(field);
    await user.type(field, '1000');
    expect(outcome(3)).toHaveTextContent('Target 3 ($32,000): not reached by 11 December');
  });

  it('the slider moves the plan, and the field follows it', async () => {
    const user = renderPlan();
    const field = await openPlan(user);
    const slider = screen.getByRole('slider', { name: 'Weekly spend' });
    fireEvent.change(slider, { target: { value: '1550' } });
    expect(field).toHaveValue('1550');
    expect(slider).toHaveAttribute(
      'aria-valuetext',
      '$1,550 a week: Target 2 reached on 26 November; Target 3 not reached by 11 December',
    );
  });

  it('refuses a negative or non-number spend in words, keeping what was typed and the last plan', async () => {
    const user = renderPlan();
    const field = await openPlan(user);
    await user.clear(field);
    await user.type(field, '2000');
    await user.clear(field);
    await user.type(field, '-50');
    expect(field).toHaveValue('-50');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/A weekly spend cannot be negative\. Enter \$0 or more\./);
    expect(screen.getByRole('heading', { name: 'At $2,000 a week' })).toBeVisible();

    await user.clear(field);
    await user.type(field, 'lots');
    expect(field).toHaveAccessibleDescription(
      /Enter the weekly spend as a number of dollars, such as 4000 or 4,000\.50\./,
    );
    expect(outcome(3)).toHaveTextContent('reached on 8 December');
  });

  it('lists the weekly spend that reaches each target by the end date, and plans it on request', async () => {
    const user = renderPlan();
    await openPlan(user);
    const needs = screen.getByRole('heading', { name: 'To reach each target by 11 December' })
      .nextElementSibling as HTMLElement;
    // 15 trading days left: $951.98 ÷ 3 weeks = $317.33 → $318; $4,651.98 ÷ 3 = $1,550.66 → $1,551.
    expect(
      within(needs)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Target 2: $318 a weekPlan this', 'Target 3: $1,551 a weekPlan this']);
    await user.click(screen.getByRole('button', { name: 'Plan this: $1,551 a week for Target 3' }));
    expect(screen.getByRole('textbox', { name: /Weekly spend/ })).toHaveValue('1551');
    expect(outcome(3)).toHaveTextContent('reached on 11 December');
  });

  it('keeps what was typed when the plan is closed and opened again', async () => {
    const user = renderPlan();
    const field = await openPlan(user);
    await user.clear(field);
    await user.type(field, '3000');
    await user.click(screen.getByRole('button', { name: 'Plan my spend' }));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(await openPlan(user)).toHaveValue('3000');
  });

  it('has nothing to plan once every target is reached, or once the promotion has ended', async () => {
    const user = renderPlan({ totalSpend: 32_000 });
    await user.click(screen.getByRole('button', { name: 'Plan my spend' }));
    expect(
      await screen.findByText('You have reached every target. There is nothing left to plan.'),
    ).toBeVisible();
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it('says the promotion has ended from the day after its end date', async () => {
    const user = renderPlan({}, at(2026, 12, 12));
    await user.click(screen.getByRole('button', { name: 'Plan my spend' }));
    expect(
      await screen.findByText('This promotion has ended, so there are no trading days left to plan.'),
    ).toBeVisible();
  });
});
