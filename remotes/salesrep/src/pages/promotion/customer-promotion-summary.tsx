import { formatCurrency, formatPerTradingDay } from '@promo/domain/format/format';
import { nextTargetNeed, targetStatus } from '@promo/domain/rep/rep-progress.rules';
import { spendByDivision } from '@promo/domain/promotion/division-spend.rules';
import type { Account, Promotion, Target } from '@promo/domain/types';
import { Notice } from '@promo/ui/notice';
import dayjs from 'dayjs';
import { Link } from '@promo/ui/router';
import styles from './customer-promotion.module.css';
import { TierBar } from '@promo/ui/tier-bar';
import { CustomerSpendChart } from './customer-spend-chart';

/** 'D/MMMM/YYYY hh:mmA', e.g. '5/November/2025 09:30AM'. */
const formatLastViewed = (epochMs: number) => dayjs(epochMs).format('D/MMMM/YYYY hh:mmA');

/**
 * docs/product-rules.md, 'Rep view of a customer': name, global customer ID with a 'View' link, last
 * viewed, 'Customer is not registered' when not joined, progress, the spend chart the customer sees
 * and per-division spend. Read-only: no reward selection.
 */
export function CustomerPromotionSummary({
  account,
  promotion,
  accountHref,
  now,
}: {
  account: Account;
  promotion: Promotion;
  accountHref: string;
  now: number;
}) {
  const enrolled = account.enrolledPromotions.some((entry) => entry.promotionID === promotion.id);
  const lastViewed = account.trackingTimestamps[`promotion_view.${promotion.id.toLowerCase()}`];
  const progress = account.progressDetails[promotion.id];
  const targets = account.targetDetails[promotion.id] ?? [];

  return (
    <div className={styles.summary}>
      <section className={styles.card} aria-labelledby="customer-name">
        <h2 id="customer-name" className={styles.name}>
          {account.name}
        </h2>
        <dl className={styles.facts}>
          <div>
            <dt>Global Customer ID</dt>
            <dd>
              <span>{account.id}</span>{' '}
              <Link
                to={accountHref}
                className={styles.viewLink}
                aria-label={`View account details of ${account.name}`}
              >
                View
              </Link>
            </dd>
          </div>
          <div>
            <dt>Last viewed</dt>
            <dd>{lastViewed === undefined ? 'Never' : formatLastViewed(lastViewed)}</dd>
          </div>
        </dl>
      </section>

      {enrolled ? null : <Notice title="Customer is not registered" />}

      {progress === undefined || targets.length === 0 ? (
        <Notice title="No targets for this promotion">
          <p>This customer has no spend targets for {promotion.name}.</p>
        </Notice>
      ) : (
        <>
          <CustomerProgress
            promotion={promotion}
            totalSpend={progress.totalSpend}
            targets={targets}
            now={now}
          />

          <section className={styles.card} aria-labelledby="spend-heading">
            <h3 id="spend-heading" className={styles.heading}>
              Spend to date
            </h3>
            <CustomerSpendChart account={account} promotion={promotion} targets={targets} now={now} />
          </section>

          <DivisionSpend
            account={account}
            totalSpend={progress.totalSpend}
            byDivision={progress.byDivision}
          />
        </>
      )}

      <p className={styles.note}>All spend values displayed exclude GST</p>
      <p className={styles.note}>Current spend data displayed as at end of last trading day</p>
    </div>
  );
}

/** Where the customer stands: the tier bar, each target reached or not, and what the next one needs. */
function CustomerProgress({
  promotion,
  totalSpend,
  targets,
  now,
}: {
  promotion: Promotion;
  totalSpend: number;
  targets: Target[];
  now: number;
}) {
  const need = nextTargetNeed({
    now,
    startTimestamp: promotion.startTimestamp,
    endTimestamp: promotion.endTimestamp,
    totalSpend,
    targets,
  });
  return (
    <section className={styles.card} aria-labelledby="progress-heading">
      <h3 id="progress-heading" className={styles.heading}>
        Progress
      </h3>
      <div className={styles.progress}>
        <TierBar totalSpend={totalSpend} targets={targets} />
        <div className={styles.figures}>
          <p className={styles.total}>
            <span className={styles.label}>Total Spend</span>
            <strong>{formatCurrency(totalSpend)}</strong>
          </p>
          <ul className={styles.targets}>
            {targets.map((target) => (
              <li key={target.targetNumber}>
                Target {target.targetNumber}: {formatCurrency(target.amount, { decimals: 0 })}{' '}
                <TargetStatus totalSpend={totalSpend} target={target} />
              </li>
            ))}
          </ul>
          <p className={styles.advice}>
            {need === undefined
              ? 'Every target is reached.'
              : need.perTradingDayNeeded === null
                ? `Finished ${formatCurrency(need.remaining)} short of Target ${need.targetNumber}.`
                : `Needs ${formatPerTradingDay(need.perTradingDayNeeded)} per trading day to reach Target ${need.targetNumber} (${formatCurrency(need.remaining)} to go).`}
          </p>
        </div>
      </div>
    </section>
  );
}

/** One target "reached", or the percent of it achieved (targetStatus). */
function TargetStatus({ totalSpend, target }: { totalSpend: number; target: Target }) {
  const { reached, text } = targetStatus(totalSpend, target);
  return <span className={reached ? styles.reached : styles.open}>{text}</span>;
}

/** The spend by division (spendByDivision: the divisions the customer trades with or has spend in). */
function DivisionSpend({
  account,
  totalSpend,
  byDivision,
}: {
  account: Account;
  totalSpend: number;
  byDivision: Account['progressDetails'][string]['byDivision'];
}) {
  const divisions = spendByDivision(
    { byDivision },
    account.divisionDetails.map((division) => division.division),
  );
  return (
    <section className={styles.card} aria-labelledby="division-heading">
      <h3 id="division-heading" className={styles.heading}>
        Spend by division
      </h3>
      <dl className={styles.divisions}>
        <div className={styles.divisionTotal}>
          <dt>Total Spend</dt>
          <dd>{formatCurrency(totalSpend)}</dd>
        </div>
        {divisions.map(({ division, name, amount }) => (
          <div key={division}>
            <dt>{name}</dt>
            <dd>{formatCurrency(amount)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
