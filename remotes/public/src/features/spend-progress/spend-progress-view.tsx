import {
  spendProgressView,
  type SpendProgressMessage,
} from '@promo/domain/spend-progress/spend-progress-message.rules';
import { progressPerTarget, promotionTimeline } from '@promo/domain/spend-progress/spend-progress.rules';
import { DivisionSpendList } from './division-spend-list';
import { MultiTargetProgress } from './multi-target-progress';
import { SingleTargetProgress } from './single-target-progress';
import { SpendProgressSummary } from './spend-progress-summary';
import styles from './spend-progress.module.css';

/** Reads the text out of HTML without rendering it: DOMParser documents are inert (no scripts, no loads). */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}

/**
 * A message's data as the multi-target view when it has more than one target, else the
 * single-target view. Everything from the message is rendered as text, never as HTML.
 */
export function SpendProgressView({ message, now }: { message: SpendProgressMessage; now: number }) {
  const timeline = promotionTimeline(message.startTimestamp, message.endTimestamp, now);
  const targets = progressPerTarget(message.totalSpend, message.currentProgressTargets);
  const [first] = targets;
  const terms = message.termsConditions ? plainText(message.termsConditions) : '';
  return (
    <div className={styles.view}>
      <SpendProgressSummary message={message} timeline={timeline} />
      {spendProgressView(message) === 'multi' || !first ? (
        <MultiTargetProgress message={message} targets={targets} timeline={timeline} />
      ) : (
        <SingleTargetProgress message={message} target={first} timeline={timeline} />
      )}
      <DivisionSpendList progress={message.currentProgressDetails} />
      <section className={styles.notes} aria-label="Notes">
        {message.promoInfoText ? <p className={styles.info}>{message.promoInfoText}</p> : null}
        <p>All spend values displayed exclude GST</p>
        <p>Current spend data displayed as at end of last trading day</p>
        {terms ? (
          <details className={styles.terms}>
            <summary>Terms and conditions</summary>
            <p>{terms}</p>
          </details>
        ) : null}
      </section>
    </div>
  );
}
