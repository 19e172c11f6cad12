import { DAY_MS, nzDayNumber } from '@promo/domain/calendar/nz-calendar';
import { formatQuantity } from '@promo/domain/format/format';
import { paths } from '@promo/domain/paths';
import { PACE_BAND_LABELS } from '@promo/domain/rep/rep-progress.rules';
import type { NotificationDecision } from './notification.rules';
import { formatNzDate } from './notification.rules';
import {
  digestDueAt,
  movedToBand,
  targetsCrossedOnLatestDay,
  targetsCrossedSince,
  type RepCustomerState,
} from './rep-notification.rules';

/** Lines listed per promotion; the rest are counted, and the rep's promotion page lists them all. */
export const DIGEST_LINES_PER_PROMOTION = 20;

function section(name: string, texts: readonly string[]): string {
  const shown = texts.slice(0, DIGEST_LINES_PER_PROMOTION).map((text) => `- ${text}`);
  const more = texts.length - shown.length;
  if (more > 0) shown.push(`- and ${formatQuantity(more, 'more update', 'more updates')}`);
  return `${name}\n${shown.join('\n')}`;
}

/** One line of the digest. */
interface DigestLine {
  promotionName: string;
  text: string;
}

function linesFor(customer: RepCustomerState, weekAgo: number, now: number): DigestLine[] {
  const promotionName = customer.promotion.name;
  const lines: DigestLine[] = [];
  const moved = movedToBand(customer, weekAgo, now);
  if (moved)
    lines.push({
      promotionName,
      text: `${customer.accountName}: now ${PACE_BAND_LABELS[moved].toLowerCase()}`,
    });
  if (
    customer.enrolled &&
    customer.joinedAt !== null &&
    customer.joinedAt > weekAgo &&
    customer.joinedAt <= now
  )
    lines.push({ promotionName, text: `${customer.accountName}: joined` });
  for (const target of targetsCrossedSince(customer, weekAgo))
    lines.push({ promotionName, text: `${customer.accountName}: unlocked Target ${target}` });
  return lines;
}

/**
 * The rep's weekly digest, due Monday 07:00 NZ and covering the seven days before it: customers of
 * the rep's regions who moved to slipping or behind, who joined, and who unlocked a target, grouped
 * by promotion. Nothing when nothing happened. Its key's target is the NZ day number of its Monday,
 * so each week's digest goes once.
 */
export function repWeeklyDigest(customers: readonly RepCustomerState[], now: number): NotificationDecision[] {
  const due = digestDueAt(now);
  const weekAgo = due - 7 * DAY_MS;
  const running = customers.filter((customer) => customer.promotion.status !== 'done');
  const lines = running.flatMap((customer) => linesFor(customer, weekAgo, due));
  if (lines.length === 0) return [];
  const byPromotion = new Map<string, string[]>();
  for (const line of lines) {
    const texts = byPromotion.get(line.promotionName);
    if (texts) texts.push(line.text);
    else byPromotion.set(line.promotionName, [line.text]);
  }
  const sections = [...byPromotion].map(([name, texts]) => section(name, texts));
  const promotionIds = [...new Set(running.map((customer) => customer.promotion.id))];
  return [
    {
      kind: 'weekly-digest',
      target: nzDayNumber(due),
      title: `Your customers this week: ${formatQuantity(lines.length, 'update', 'updates')}`,
      body: `Week to ${formatNzDate(due)}\n\n${sections.join('\n\n')}`,
      path: promotionIds.length === 1 ? paths.repPromotion(promotionIds[0] as string) : paths.repHome(),
    },
  ];
}

/** A note per target one of the rep's customers crossed in the latest day of figures. */
export function repCustomerUnlocked(customers: readonly RepCustomerState[]): NotificationDecision[] {
  return customers.flatMap((customer) => {
    if (!customer.enrolled || customer.promotion.status === 'done') return [];
    return targetsCrossedOnLatestDay(customer).map((target) => ({
      kind: 'customer-unlocked' as const,
      accountId: customer.accountId,
      promotionId: customer.promotion.id,
      target,
      title: `${customer.accountName} unlocked Target ${target}`,
      body: `${customer.accountName} unlocked Target ${target} in ${customer.promotion.name}.`,
      path: paths.repPromotion(customer.promotion.id),
    }));
  });
}
