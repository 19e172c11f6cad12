import { paths } from '@promo/domain/paths';
import { promotionQueries } from '@promo/domain/promotion';
import { isEnrolled, isFinished } from '@promo/domain/promotion-rules';
import {
  choosableTargetNumbers,
  decodeSelectedReward,
  isChoiceLocked,
  unlockedTargetNumbers,
} from '@promo/domain/selected-reward';
import { Button } from '@promo/ui/button';
import { Notice } from '@promo/ui/notice';
import { usePageFrame } from '@promo/ui/page-frame';
import { Spinner } from '@promo/ui/spinner';
import { useQuery } from '@tanstack/react-query';
import { Component, useState, type ReactNode } from 'react';
import { Link, Navigate, useParams } from '@promo/ui/router';
import { useCurrentAccount } from '../../features/current-account/use-current-account';
import { JoinPanel } from '../../features/join-promotion/join-panel';
import { PromotionHeader, type PromotionView } from '../../features/promotion-header/promotion-header';
import { PromotionInfo } from '../../features/promotion-info/promotion-info';
import { TermsDialog } from '../../features/promotion-terms/terms-dialog';
import { TrackingFooter } from '../../features/promotion-tracking/tracking-footer';
import { useRecordPromotionView } from '../../features/promotion-view-event/use-record-promotion-view';
import { SingleRewardChoice } from '../../features/reward-choice/single-reward-choice';
import TrackingView from '../../features/promotion-tracking/tracking-view';
import { UpdateRewardPanel } from '../../features/reward-choice/update-reward-panel';
import { useLeaveWarning } from '../../features/reward-choice/use-leave-warning';
import { useRewardDraft } from '../../features/reward-choice/use-reward-draft';
import styles from './promotion-detail-page.module.css';

/** The product's literal text for a promotion that is missing or carries an error. */
export const NO_DATA_TEXT = 'no data or has error';

/**
 * The tracking view's chart (ECharts) loads lazily; a failed chunk stays failed in React.lazy, so the
 * way out is a reload of the page.
 */
class TrackingBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error('The tracking view failed.', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Notice tone="error" title="Your progress could not be shown">
        <p>Check your connection and reload the page.</p>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Notice>
    );
  }
}

/** docs/product-rules.md, 'Promotion details', route /promotions/{id}. */
export default function PromotionDetailPage() {
  const { id = '' } = useParams();
  const { accountId, account } = useCurrentAccount({ refetchOnMount: 'always' });
  const promotion = useQuery(promotionQueries.detail(id));
  const [now] = useState(() => Date.now());
  const [chosenView, setChosenView] = useState<PromotionView | undefined>(undefined);
  const [joining, setJoining] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [termsDialog, setTermsDialog] = useState<'closed' | 'from-join' | 'from-footer'>('closed');

  const data = promotion.data && !promotion.data.error ? promotion.data : undefined;
  usePageFrame(data?.name ?? 'Promotion', { showBack: true });
  useRecordPromotionView(data?.id);

  // Reward draft and leave warning are set up before any early return (hooks run on every render).
  const targets = (data && account.data?.targetDetails[data.id]) || [];
  const totalSpend = (data && account.data?.progressDetails[data.id]?.totalSpend) || 0;
  const saved = decodeSelectedReward(data && account.data?.promotionUserChoices[data.id]?.selectedReward);
  const choosable = choosableTargetNumbers(targets, totalSpend);
  const draft = useRewardDraft(saved, choosable);
  const isMultiTarget = targets.length > 1;
  useLeaveWarning(isMultiTarget && draft.dirty);

  if (accountId === undefined) return <Navigate to={paths.logout()} replace />;
  if (account.isPending || promotion.isPending) return <Spinner />;
  if (account.isError || promotion.isError) {
    return (
      <Notice tone="error" title="This promotion could not be loaded">
        <p>Check your connection and try again.</p>
        <Button onClick={() => void Promise.all([account.refetch(), promotion.refetch()])}>Try again</Button>
      </Notice>
    );
  }
  if (!account.data) return <Navigate to={paths.logout()} replace />;
  if (!data) {
    return (
      <Notice>
        <p>{NO_DATA_TEXT}</p>
        <Link to={paths.home()}>Back to Home</Link>
      </Notice>
    );
  }

  const joined = isEnrolled(account.data, data.id);
  const ended = isFinished(data) || now > data.endTimestamp;
  const view: PromotionView = joined ? (chosenView ?? 'tracking') : 'details';
  const locked = isChoiceLocked(data, now);
  const withRewards = !data.disablePrizes && data.prizes.length > 0;

  return (
    <div className={styles.page} data-view={isMultiTarget ? 'multi-target' : 'single-target'}>
      <PromotionHeader
        promotion={data}
        joined={joined}
        canJoin={!ended}
        view={view}
        onParticipate={() => setJoining(true)}
        onViewChange={setChosenView}
      />

      {!joined && ended ? <Notice title="This promotion has ended" /> : null}

      {!joined && joining && !ended ? (
        <JoinPanel
          promotion={data}
          accountId={accountId}
          termsAccepted={termsAccepted}
          onTermsAcceptedChange={setTermsAccepted}
          onReadTerms={() => setTermsDialog('from-join')}
          onJoined={() => {
            setJoining(false);
            setChosenView('tracking');
          }}
        />
      ) : null}

      {view === 'tracking' ? (
        <>
          <TrackingBoundary>
            <TrackingView promotion={data} account={account.data} targets={targets} now={now} />
          </TrackingBoundary>
          {withRewards && isMultiTarget ? (
            <UpdateRewardPanel
              promotion={data}
              accountId={accountId}
              unlockedTargets={unlockedTargetNumbers(targets, totalSpend)}
              choosableTargets={choosable}
              draft={draft}
              locked={locked}
            />
          ) : null}
          {withRewards && !isMultiTarget ? (
            <SingleRewardChoice
              promotion={data}
              accountId={accountId}
              selectedReward={account.data.promotionUserChoices[data.id]?.selectedReward}
              locked={locked}
            />
          ) : null}
          <TrackingFooter onShowTerms={() => setTermsDialog('from-footer')} />
        </>
      ) : (
        <PromotionInfo promotion={data} />
      )}

      <TermsDialog
        open={termsDialog !== 'closed'}
        html={data.termsConditions}
        onClose={() => setTermsDialog('closed')}
        onAgree={termsDialog === 'from-join' ? () => setTermsAccepted(true) : undefined}
      />
    </div>
  );
}
