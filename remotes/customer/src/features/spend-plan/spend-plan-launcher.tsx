import type { Account, Promotion, Target } from '@promo/domain/types';
import { Button } from '@promo/ui/button';
import { LazyPart } from '@promo/ui/error-boundary';
import { Spinner } from '@promo/ui/spinner';
import { lazy, useState } from 'react';
import styles from './spend-plan-launcher.module.css';

/**
 * The plan's code is a chunk of its own, downloaded when the customer opens it: the tracking view's
 * first load carries only this button (docs/decisions/048-spend-plan.md).
 */
const SpendPlanPanel = lazy(() => import(/* webpackChunkName: "spend-plan" */ './spend-plan-panel'));

/**
 * "Plan my spend" on the tracking view (docs/product-rules.md, 'Spend plan'). What the customer
 * typed is kept here, so closing the plan and opening it again loses nothing.
 */
export function SpendPlanLauncher({
  promotion,
  account,
  targets,
  now,
}: {
  promotion: Promotion;
  account: Account;
  targets: readonly Target[];
  now: number;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState<string | undefined>(undefined);
  if (targets.length === 0) return null;
  return (
    <section className={styles.card} aria-label="Plan my spend">
      <Button variant="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
        Plan my spend
      </Button>
      {open ? (
        <LazyPart failedTitle="The spend plan could not be opened" fallback={<Spinner />}>
          <SpendPlanPanel
            promotion={promotion}
            totalSpend={account.progressDetails[promotion.id]?.totalSpend ?? 0}
            targets={targets}
            selectedReward={account.promotionUserChoices[promotion.id]?.selectedReward}
            now={now}
            text={text}
            onTextChange={setText}
          />
        </LazyPart>
      ) : null}
    </section>
  );
}
