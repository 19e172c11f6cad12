import { decodeSelectedReward, rewardOptionLabel } from '@promo/domain/promotion/selected-reward.rules';
import type { Promotion } from '@promo/domain/types';
import { isConnectionFailure, OfflineActionNotice } from '@promo/ui/server-action';
import { useId, useState } from 'react';
import styles from './reward-choice.module.css';
import { useSaveChoices } from './use-save-choices';

const NO_REWARD_CHOSEN = 'You have not chosen a reward yet. Please choose an option below.';
export const CHOICES_LOCKED = 'Reward choices are now locked.';

/**
 * docs/product-rules.md, 'Reward choice', single target: radios 'Option n. title'; a pick saves at once.
 * The pick shows while it saves. If the server refuses it, the saved choice shows again; if it could
 * not be sent (offline, or the connection dropped), the pick stays with the offline message and a
 * way to send it again.
 */
export function SingleRewardChoice({
  promotion,
  selectedReward,
  locked,
}: {
  promotion: Promotion;
  selectedReward: string | undefined;
  locked: boolean;
}) {
  const id = useId();
  const save = useSaveChoices(promotion.id);
  const [pending, setPending] = useState<string | undefined>(undefined);
  const saved = decodeSelectedReward(selectedReward)[1];
  const unsent = isConnectionFailure(save.error);
  const current = save.isPending || unsent ? pending : saved;

  const choose = (title: string) => {
    setPending(title);
    save.mutate(`1:${title}`);
  };

  return (
    <section className={styles.panel} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        Your Reward
      </h2>
      {promotion.promoInfoText ? <p className={styles.info}>{promotion.promoInfoText}</p> : null}
      {!current ? (
        <p className={styles.notice} role="status">
          {NO_REWARD_CHOSEN}
        </p>
      ) : null}
      {locked ? <p className={styles.notice}>{CHOICES_LOCKED}</p> : null}
      <fieldset className={styles.options} disabled={locked} aria-busy={save.isPending}>
        <legend className="visually-hidden">Choose your reward</legend>
        {promotion.prizes.map((prize, index) => (
          <label key={prize.title} className={styles.option}>
            <input
              type="radio"
              name={`${id}-reward`}
              value={prize.title}
              checked={current === prize.title}
              onChange={() => choose(prize.title)}
            />
            {rewardOptionLabel(index, prize.title)}
          </label>
        ))}
      </fieldset>
      <OfflineActionNotice
        error={save.error}
        onRetry={pending === undefined ? undefined : () => choose(pending)}
      />
    </section>
  );
}
