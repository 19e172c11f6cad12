import { imageUrl } from '@promo/domain/promotion';
import type { Prize, Promotion } from '@promo/domain/types';
import { SafeHtml } from '@promo/ui/safe-html';
import { Tabs } from '@promo/ui/tabs';
import { useState } from 'react';
import styles from './promotion-info.module.css';

function PrizeItem({ prize }: { prize: Prize }) {
  const image = imageUrl(prize.prizeImage);
  return (
    <details className={styles.prize}>
      <summary className={styles.prizeSummary}>
        <span className={styles.prizeTitle}>
          {prize.title}
          {prize.showTM ? <sup>™</sup> : null}
        </span>
        {prize.subTitle ? <span className={styles.prizeSubtitle}>{prize.subTitle}</span> : null}
      </summary>
      <div className={styles.prizeBody}>
        {image ? (
          <img
            className={styles.prizeImage}
            src={image}
            alt={prize.title}
            width={320}
            height={200}
            loading="lazy"
          />
        ) : null}
        <div data-server-html>
          <SafeHtml html={prize.content} className={styles.html} />
        </div>
      </div>
    </details>
  );
}

/**
 * docs/product-rules.md, 'Promotion details': the Summary tab (the promotion's HTML details) and the Rewards tab (its custom label
 * when set; no tab when prizes are disabled), each prize a collapsible item.
 */
export function PromotionInfo({ promotion }: { promotion: Promotion }) {
  const [selected, setSelected] = useState('summary');
  const summary = (
    <div data-server-html>
      <SafeHtml html={promotion.details} className={styles.html} />
    </div>
  );
  if (promotion.disablePrizes) {
    return <section className={styles.info}>{summary}</section>;
  }
  const rewards = (
    <div className={styles.prizes}>
      {promotion.prizes.length > 0 ? (
        promotion.prizes.map((prize) => <PrizeItem key={prize.title} prize={prize} />)
      ) : (
        <p>The rewards will be announced soon.</p>
      )}
    </div>
  );
  return (
    <section className={styles.info}>
      <Tabs
        label="Promotion information"
        selectedId={selected}
        onSelect={setSelected}
        tabs={[
          { id: 'summary', label: 'Summary', panel: summary },
          { id: 'rewards', label: promotion.rewardsCustomLabel || 'Rewards', panel: rewards },
        ]}
      />
    </section>
  );
}
