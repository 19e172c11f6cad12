import { formatCount } from '@promo/domain/format/format';
import { formatDateRange } from '@promo/domain/format/format';
import { paths } from '@promo/domain/paths';
import { repQueries } from '@promo/domain/rep/rep.queries';
import type { Promotion } from '@promo/domain/types';
import { Button, buttonClassName } from '@promo/ui/button';
import { useQuery } from '@promo/domain/query';
import { useId } from 'react';
import { Link } from '@promo/ui/router';
import styles from './rep-promotion-card.module.css';

/** docs/product-rules.md, 'Rep dashboard': a current promotion with how many of the rep's customers joined it. */
export function RepPromotionCard({
  promotion,
  branchIds,
}: {
  promotion: Promotion;
  branchIds: readonly string[];
}) {
  const counts = useQuery(repQueries.counts(promotion.id, branchIds));
  const headingId = useId();
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.name}>
        {promotion.name}
      </h3>
      <p className={styles.dates}>{formatDateRange(promotion.startTimestamp, promotion.endTimestamp)}</p>
      <div className={styles.count} aria-live="polite">
        {counts.isPending ? <span className={styles.muted}>Counting customers…</span> : null}
        {counts.isError ? (
          <span className={styles.error}>
            Customer count unavailable.{' '}
            <Button variant="secondary" onClick={() => void counts.refetch()}>
              Try again
            </Button>
          </span>
        ) : null}
        {counts.isSuccess ? (
          <>
            <span className={styles.label}>Customers joined</span>{' '}
            <strong className={styles.figures}>
              {formatCount(counts.data.joined)} / {formatCount(counts.data.targeted)}
            </strong>
          </>
        ) : null}
      </div>
      <Link className={buttonClassName('primary', true)} to={paths.repPromotion(promotion.id)}>
        View Customers
      </Link>
    </article>
  );
}
