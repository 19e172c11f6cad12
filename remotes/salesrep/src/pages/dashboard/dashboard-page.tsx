import { formatDateRange } from '@promo/domain/format';
import { promotionQueries } from '@promo/domain/promotion';
import { isFinished } from '@promo/domain/promotion-rules';
import { Button } from '@promo/ui/button';
import { Notice } from '@promo/ui/notice';
import { usePageFrame } from '@promo/ui/page-frame';
import { Spinner } from '@promo/ui/spinner';
import { useQuery } from '@tanstack/react-query';
import styles from './dashboard-page.module.css';

/** Spec §2 "Rep dashboard": the current promotions. */
export default function DashboardPage() {
  usePageFrame('Home');
  const promotions = useQuery(promotionQueries.current());
  if (promotions.isPending) return <Spinner />;
  if (promotions.isError) {
    return (
      <Notice tone="error" title="Promotions could not be loaded">
        <Button onClick={() => void promotions.refetch()}>Try again</Button>
      </Notice>
    );
  }
  const current = promotions.data.filter((promotion) => !promotion.error && !isFinished(promotion));
  return (
    <section aria-labelledby="current-promotions">
      <h2 id="current-promotions">Current Promotions</h2>
      {current.length === 0 ? <p>There are no current promotions.</p> : null}
      {current.map((promotion) => (
        <article key={promotion.id} className={styles.card}>
          <h3 className={styles.name}>{promotion.name}</h3>
          <p className={styles.dates}>{formatDateRange(promotion.startTimestamp, promotion.endTimestamp)}</p>
        </article>
      ))}
    </section>
  );
}
