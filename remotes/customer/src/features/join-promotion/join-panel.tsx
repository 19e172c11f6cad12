import { decodeSelectedReward, rewardOptionLabel } from '@promo/domain/promotion/selected-reward.rules';
import type { Promotion } from '@promo/domain/types';
import { Button } from '@promo/ui/button';
import { OfflineActionNotice } from '@promo/ui/server-action';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import styles from './join-panel.module.css';
import { useJoinPromotion } from './use-join-promotion';

const TERMS_REQUIRED = 'Please accept the terms and conditions to join.';
const REWARD_REQUIRED = 'Please choose a reward.';

/** The reward choice when joining: the blurb, one radio per prize, and the reason when none is chosen. */
function RewardOptions({
  id,
  promotion,
  reward,
  onChange,
  firstOptionRef,
  error,
}: {
  id: string;
  promotion: Promotion;
  reward: string | undefined;
  onChange: (title: string) => void;
  firstOptionRef: RefObject<HTMLInputElement | null>;
  error: string | undefined;
}) {
  return (
    <fieldset
      className={styles.rewards}
      aria-describedby={error ? `${id}-reward-error` : `${id}-blurb`}
      aria-invalid={error ? true : undefined}
    >
      <legend className={styles.legend}>Choose your reward</legend>
      <p id={`${id}-blurb`} className={styles.blurb}>
        Pick the reward you would like when you reach your target. You can change it later
        {promotion.promoInfoText ? `. ${promotion.promoInfoText}` : '.'}
      </p>
      {promotion.prizes.map((prize, index) => (
        <label key={prize.title} className={styles.option}>
          <input
            ref={index === 0 ? firstOptionRef : undefined}
            type="radio"
            name={`${id}-reward`}
            value={prize.title}
            checked={reward === prize.title}
            onChange={() => onChange(prize.title)}
          />
          {rewardOptionLabel(index, prize.title)}
        </label>
      ))}
      {error ? (
        <p id={`${id}-reward-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The required terms checkbox, the link that opens the terms, and the reason when it is not ticked. */
function TermsAcceptance({
  id,
  accepted,
  onChange,
  onRead,
  checkboxRef,
  error,
}: {
  id: string;
  accepted: boolean;
  onChange: (accepted: boolean) => void;
  onRead: () => void;
  checkboxRef: RefObject<HTMLInputElement | null>;
  error: string | undefined;
}) {
  return (
    <>
      <label className={styles.check}>
        <input
          ref={checkboxRef}
          type="checkbox"
          checked={accepted}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-terms-error` : undefined}
          required
        />
        I have read and accept the terms and conditions *
      </label>
      <button type="button" className={styles.link} onClick={onRead}>
        Read the terms and conditions
      </button>
      {error ? (
        <p id={`${id}-terms-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}

/**
 * docs/product-rules.md, 'Joining a promotion': the reward blurb and choice (unless prizes are disabled), marketing
 * consent (optional), the terms checkbox with a link to the terms dialog, and 'Accept'. The terms
 * box is controlled by the page, because the dialog's 'Agree' ticks it too.
 */
export function JoinPanel({
  promotion,
  termsAccepted,
  onTermsAcceptedChange,
  onReadTerms,
  onJoined,
}: {
  promotion: Promotion;
  termsAccepted: boolean;
  onTermsAcceptedChange: (accepted: boolean) => void;
  onReadTerms: () => void;
  onJoined: () => void;
}) {
  const id = useId();
  const join = useJoinPromotion(onJoined);
  const withRewards = !promotion.disablePrizes && promotion.prizes.length > 0;
  const defaultTitle = decodeSelectedReward(promotion.defaultUserChoices?.selectedReward)[1];
  const [reward, setReward] = useState<string | undefined>(
    promotion.prizes.some((prize) => prize.title === defaultTitle) ? defaultTitle : undefined,
  );
  const [mailingList, setMailingList] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const termsRef = useRef<HTMLInputElement>(null);
  const rewardRef = useRef<HTMLInputElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The panel opens from 'Participate': move focus to it, so keyboard and screen-reader users land there.
  useEffect(() => headingRef.current?.focus(), []);

  const termsError = submitted && !termsAccepted ? TERMS_REQUIRED : undefined;
  const rewardError = submitted && withRewards && !reward ? REWARD_REQUIRED : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (withRewards && !reward) {
      rewardRef.current?.focus();
      return;
    }
    if (!termsAccepted) {
      termsRef.current?.focus();
      return;
    }
    join.mutate({
      promotionID: promotion.id,
      joinMailingList: mailingList,
      ...(withRewards && reward ? { selectedReward: `1:${reward}` } : {}),
    });
  };

  return (
    <section className={styles.panel} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading} ref={headingRef} tabIndex={-1}>
        Join this promotion
      </h2>
      <form onSubmit={submit} noValidate>
        {withRewards ? (
          <RewardOptions
            id={id}
            promotion={promotion}
            reward={reward}
            onChange={setReward}
            firstOptionRef={rewardRef}
            error={rewardError}
          />
        ) : promotion.promoInfoText ? (
          <p className={styles.blurb}>{promotion.promoInfoText}</p>
        ) : null}

        <label className={styles.check}>
          <input
            type="checkbox"
            checked={mailingList}
            onChange={(event) => setMailingList(event.target.checked)}
          />
          Keep me updated with Ezy Rewards news and offers by email (optional)
        </label>

        <TermsAcceptance
          id={id}
          accepted={termsAccepted}
          onChange={onTermsAcceptedChange}
          onRead={onReadTerms}
          checkboxRef={termsRef}
          error={termsError}
        />

        <OfflineActionNotice error={join.error} />
        <Button type="submit" block disabled={join.isPending} className={styles.accept}>
          {join.isPending ? 'Joining…' : 'Accept'}
        </Button>
      </form>
    </section>
  );
}
