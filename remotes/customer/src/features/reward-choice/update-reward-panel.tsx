import { encodeSelectedReward, targetsWithoutChoice } from '@promo/domain/promotion/selected-reward.rules';
import type { Promotion } from '@promo/domain/types';
import { Button } from '@promo/ui/button';
import { OfflineActionNotice } from '@promo/ui/server-action';
import { Tabs } from '@promo/ui/tabs';
import { useId, useState } from 'react';
import styles from './reward-choice.module.css';
import { CHOICES_LOCKED } from './single-reward-choice';
import type { RewardDraft } from './use-reward-draft';
import { useSaveChoices } from './use-save-choices';

const SELECT_FOR_EACH_TARGET = 'Please select a reward for each target.';

/**
 * "Update your Reward" (docs/product-rules.md, 'Reward choice'): a tab per unlocked target with the prizes as radios; edits
 * stay in the page's draft until 'Update Selection', which needs a reward for every target.
 */
export function UpdateRewardPanel({
  promotion,
  unlockedTargets,
  choosableTargets,
  draft,
  locked,
}: {
  promotion: Promotion;
  unlockedTargets: readonly number[];
  choosableTargets: readonly number[];
  draft: RewardDraft;
  locked: boolean;
}) {
  const id = useId();
  const save = useSaveChoices(promotion.id);
  const [selectedTab, setSelectedTab] = useState(String(choosableTargets[0] ?? 1));
  const [showMissing, setShowMissing] = useState(false);
  const missing = targetsWithoutChoice(draft.choices, choosableTargets);
  const highestUnlocked = unlockedTargets.at(-1);

  const update = () => {
    if (missing.length > 0) {
      setShowMissing(true);
      setSelectedTab(String(missing[0]));
      return;
    }
    setShowMissing(false);
    save.mutate(encodeSelectedReward(draft.choices), { onSuccess: () => draft.discard() });
  };

  return (
    <section className={styles.panel} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        Update your Reward
      </h2>
      <p className={styles.unlocked}>
        {highestUnlocked !== undefined
          ? `You have unlocked Target ${highestUnlocked}`
          : 'Reach Target 1 to unlock your first reward. You can choose it now.'}
      </p>
      {promotion.promoInfoText ? <p className={styles.info}>{promotion.promoInfoText}</p> : null}
      {locked ? <p className={styles.notice}>{CHOICES_LOCKED}</p> : null}
      <Tabs
        label="Rewards by target"
        selectedId={selectedTab}
        onSelect={setSelectedTab}
        tabs={choosableTargets.map((target) => ({
          id: String(target),
          label: `Target ${target}`,
          panel: (
            <fieldset className={styles.options} disabled={locked}>
              <legend className="visually-hidden">Reward for Target {target}</legend>
              {promotion.prizes.map((prize) => (
                <label key={prize.title} className={styles.option}>
                  <input
                    type="radio"
                    name={`${id}-target-${target}`}
                    value={prize.title}
                    checked={draft.choices[target] === prize.title}
                    onChange={() => {
                      draft.setChoice(target, prize.title);
                      setShowMissing(false);
                    }}
                  />
                  {prize.title}
                </label>
              ))}
            </fieldset>
          ),
        }))}
      />
      {showMissing && missing.length > 0 ? (
        <p className={styles.error} role="alert">
          {SELECT_FOR_EACH_TARGET}
        </p>
      ) : null}
      {draft.dirty ? (
        <p className={styles.unsaved} role="status">
          You have unsaved changes.
        </p>
      ) : null}
      <OfflineActionNotice error={save.error} />
      <Button block onClick={update} disabled={locked || save.isPending}>
        {save.isPending ? 'Updating…' : 'Update Selection'}
      </Button>
    </section>
  );
}
