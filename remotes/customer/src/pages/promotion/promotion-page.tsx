import { paths } from '@promo/domain/paths';
import { promotionQueries } from '@promo/domain/promotion/promotion.queries';
import { isEnrolled, isFinished } from '@promo/domain/promotion/promotion.rules';
import {
  choosableTargetNumbers,
  decodeSelectedReward,
  isChoiceLocked,
  unlockedTargetNumbers,
} from '@promo/domain/promotion/selected-reward.rules';
import { ErrorBoundary, LazyPart, ScreenFailure } from '@promo/ui/error-boundary';
import { Notice } from '@promo/ui/notice';
import { titleFromData, usePageFrame } from '@promo/ui/page-frame';
import { queryGate, refetchAll } from '@promo/ui/query-error';
import type { Account, Promotion } from '@promo/domain/types';
import { useQuery } from '@promo/domain/query';
import { lazy, useState, type ReactNode } from 'react';
import { Link, Navigate, useParams } from '@promo/ui/router';
import { useAppBadge } from '../../features/app-badge/use-app-badge';
import { useCurrentAccount } from '../../features/current-account/use-current-account';
import { PromotionHeader, type PromotionView } from './promotion-header';
import { PromotionInfo } from './promotion-info';
import { TermsDialog } from './terms-dialog';
import { TrackingFooter } from '../../features/promotion-tracking/tracking-footer';
import { useRecordPromotionView } from './use-record-promotion-view';
import { SingleRewardChoice } from '../../features/reward-choice/single-reward-choice';
import { SpendPlanLauncher } from '../../features/spend-plan/spend-plan-launcher';
import TrackingView from '../../features/promotion-tracking/tracking-view';
import { UpdateRewardPanel } from '../../features/reward-choice/update-reward-panel';
import { useLeaveWarning } from '../../features/reward-choice/use-leave-warning';
import { useRewardDraft } from '../../features/reward-choice/use-reward-draft';
import styles from './promotion-page.module.css';

/**
 * The join form is shown only once a customer asks to participate: its code is a chunk of its own,
 * so the tracking view of a customer who has joined carries none of it.
 */
const JoinPanel = lazy(async () => ({
  default: (await import(/* webpackChunkName: "join-panel" */ '../../features/join-promotion/join-panel'))
    .JoinPanel,
}));

/** The product's literal text for a promotion that is missing or carries an error. */
const NO_DATA_TEXT = 'no data or has error';

/**
 * The tracking view's chart (ECharts) loads lazily; a failed chunk stays failed in React.lazy, so the
 * way out of a failed download is a reload of the page. A crash says so, and its Try again asks for
 * the view's data afresh (`refresh`): the answer it could not render would fail it again.
 *
 * The boundary renders the view again once that answer is in the page's props (`answeredAt`, the
 * queries' dataUpdatedAt), not when the refetch's promise settles: that comes before TanStack Query
 * tells the page, and a view rendered then gets the old answer and crashes again.
 * React logs what the boundary catches to the console; the boundary reports a crash.
 */
function TrackingBoundary({
  refresh,
  answeredAt,
  children,
}: {
  refresh: () => Promise<unknown>;
  answeredAt: readonly number[];
  children: ReactNode;
}) {
  return (
    <ErrorBoundary
      resetKeys={[...answeredAt]}
      fallbackRender={({ error }) => (
        <ScreenFailure
          error={error}
          loadTitle="Your progress could not be shown"
          loadMessage="Check your connection and reload the page."
          afterLoadFailure="reload"
          onRetry={refresh}
        />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}

/**
 * The promotion's targets and spend for this customer, and the reward draft of a multi-target
 * promotion, with the warning on leaving it unsaved.
 */
function useRewardChoices(promotion: Promotion | undefined, account: Account | undefined) {
  const targets = (promotion && account?.targetDetails[promotion.id]) || [];
  const totalSpend = (promotion && account?.progressDetails[promotion.id]?.totalSpend) || 0;
  const saved = decodeSelectedReward(
    promotion && account?.promotionUserChoices[promotion.id]?.selectedReward,
  );
  const choosable = choosableTargetNumbers(targets, totalSpend);
  const draft = useRewardDraft(saved, choosable);
  const isMultiTarget = targets.length > 1;
  useLeaveWarning(isMultiTarget && draft.dirty);
  return { targets, totalSpend, choosable, draft, isMultiTarget };
}

/** Where a joined customer chooses rewards: per target reached, or the one reward of a single target. */
function RewardChoice({
  promotion,
  account,
  choices,
  locked,
}: {
  promotion: Promotion;
  account: Account;
  choices: ReturnType<typeof useRewardChoices>;
  locked: boolean;
}) {
  if (promotion.disablePrizes || promotion.prizes.length === 0) return null;
  return choices.isMultiTarget ? (
    <UpdateRewardPanel
      promotion={promotion}
      unlockedTargets={unlockedTargetNumbers(choices.targets, choices.totalSpend)}
      choosableTargets={choices.choosable}
      draft={choices.draft}
      locked={locked}
    />
  ) : (
    <SingleRewardChoice
      promotion={promotion}
      selectedReward={account.promotionUserChoices[promotion.id]?.selectedReward}
      locked={locked}
    />
  );
}

/** docs/product-rules.md, 'Promotion details', route /promotions/{id}. */
export default function PromotionPage() {
  const { id = '' } = useParams();
  const { accountId, account } = useCurrentAccount({ fresh: true });
  // A reward chosen here lowers the app's badge.
  useAppBadge(account.data);
  const promotion = useQuery(promotionQueries.detail(id));
  const [now] = useState(() => Date.now());
  const [chosenView, setChosenView] = useState<PromotionView | undefined>(undefined);
  const [joining, setJoining] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [termsDialog, setTermsDialog] = useState<'closed' | 'from-join' | 'from-footer'>('closed');

  const data = promotion.data && !promotion.data.error ? promotion.data : undefined;
  usePageFrame(titleFromData(data?.name, promotion.isPending, 'Promotion'), { showBack: true });
  const confirmed = account.data?.associationsConfirmationStatus === 'confirmed';
  useRecordPromotionView(confirmed ? data?.id : undefined);

  // Reward draft and leave warning are set up before any early return (hooks run on every render).
  const choices = useRewardChoices(data, account.data ?? undefined);
  const { targets, isMultiTarget } = choices;

  if (accountId === undefined) return <Navigate to={paths.logout()} replace />;
  const gate = queryGate({ account, promotion }, { failedTitle: 'This promotion could not be loaded' });
  if (!gate.ready) return gate.element;
  const current = gate.data.account;
  if (!current) return <Navigate to={paths.logout()} replace />;
  // As on the dashboard: promotions come after the linked accounts are confirmed, and the server
  // refuses joining and reward choices until then.
  if (!confirmed) return <Navigate to={paths.accountConfirmation()} replace />;
  if (!data) {
    return (
      <Notice>
        <p>{NO_DATA_TEXT}</p>
        <Link to={paths.home()}>Back to Home</Link>
      </Notice>
    );
  }

  const joined = isEnrolled(current, data.id);
  const ended = isFinished(data) || now > data.endTimestamp;
  const view: PromotionView = joined ? (chosenView ?? 'tracking') : 'details';

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
        <LazyPart failedTitle="The join form could not be opened">
          <JoinPanel
            promotion={data}
            termsAccepted={termsAccepted}
            onTermsAcceptedChange={setTermsAccepted}
            onReadTerms={() => setTermsDialog('from-join')}
            onJoined={() => {
              setJoining(false);
              setChosenView('tracking');
            }}
          />
        </LazyPart>
      ) : null}

      {view === 'tracking' ? (
        <>
          <TrackingBoundary
            refresh={refetchAll(account, promotion)}
            answeredAt={[account.dataUpdatedAt, promotion.dataUpdatedAt]}
          >
            <TrackingView promotion={data} account={current} targets={targets} now={now} />
          </TrackingBoundary>
          <SpendPlanLauncher promotion={data} account={current} targets={targets} now={now} />
          <RewardChoice
            promotion={data}
            account={current}
            choices={choices}
            locked={isChoiceLocked(data, now)}
          />
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
