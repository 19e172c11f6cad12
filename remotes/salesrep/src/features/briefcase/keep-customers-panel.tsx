import { formatCount } from '@promo/domain/format/format';
import { briefcaseSize, isKeptFor, keptLabel } from '@promo/domain/rep/briefcase-download';
import { Button } from '@promo/ui/button';
import { useOnline } from '@promo/ui/online-status';
import { useQuery } from '@promo/domain/query';
import { useEffect, useRef, useState } from 'react';
import { briefcaseQueries } from './briefcase.queries';
import { useBriefcaseDownload, type DownloadState } from './use-briefcase-download';
import styles from './keep-customers-panel.module.css';

const megabytes = (bytes: number) => `${Math.max(0.1, bytes / 1_000_000).toFixed(1)} MB`;

/**
 * "Keep my customers on this device" (docs/decisions/047-rep-briefcase.md): every customer of the
 * selected branches, kept for offline use. Refreshed on demand here, and by itself once due
 * (useBriefcaseUpkeep).
 */
export default function KeepCustomersPanel({ branchIds }: { branchIds: readonly string[] }) {
  const online = useOnline();
  const [now] = useState(() => Date.now());
  const status = useQuery(briefcaseQueries.status());
  const { state, count, download, cancel, dismiss } = useBriefcaseDownload(branchIds);
  const kept = status.data?.kept ?? null;
  const stopped = status.data?.stopped ?? null;
  const keptHere = kept !== null && isKeptFor(kept, branchIds);
  const resumable = stopped !== null && isKeptFor(stopped, branchIds);
  const idle = state.status === 'idle';
  useResumeOnReturn({ online, state, download });

  return (
    <section className={styles.panel} aria-labelledby="briefcase-heading">
      <h3 id="briefcase-heading" className={styles.heading}>
        Customers on this device
      </h3>
      {keptHere && idle ? <p>{keptLabel(kept.asAt, now)}.</p> : null}
      <DownloadStatus state={state} onCancel={cancel} onKeep={() => void download()} onDismiss={dismiss} />
      {idle ? (
        <Button
          variant="secondary"
          block
          disabled={!online}
          onClick={() => void (keptHere || resumable ? download() : count())}
        >
          {resumable
            ? `Carry on keeping them (${formatCount(stopped.saved)} of ${formatCount(stopped.total)})`
            : keptHere
              ? 'Refresh now'
              : 'Keep my customers on this device'}
        </Button>
      ) : null}
      {idle && !online ? <p className={styles.note}>Needs a connection.</p> : null}
    </section>
  );
}

/**
 * A download the connection dropped carries on when the device is back online (once per return,
 * so a server that keeps failing is not asked again and again). A kept briefcase due a refresh is
 * refreshed by the rep's pages (useBriefcaseUpkeep).
 */
function useResumeOnReturn({
  online,
  state,
  download,
}: {
  online: boolean;
  state: DownloadState;
  download: () => Promise<void>;
}) {
  const wasOnline = useRef(online);
  useEffect(() => {
    const cameBack = online && !wasOnline.current;
    wasOnline.current = online;
    if (cameBack && state.status === 'stopped' && state.reason === 'failed') void download();
  }, [online, state, download]);
}

function DownloadStatus({
  state,
  onCancel,
  onKeep,
  onDismiss,
}: {
  state: DownloadState;
  onCancel: () => void;
  onKeep: () => void;
  onDismiss: () => void;
}) {
  switch (state.status) {
    case 'idle':
      return null;
    case 'counting':
      return <p role="status">Counting your customers…</p>;
    case 'confirm': {
      const size = briefcaseSize(state.total);
      return (
        <div className={styles.confirm}>
          <p>
            {formatCount(state.total)} customers: about {megabytes(size.transferred)} to download and{' '}
            {megabytes(size.stored)} on this device.
          </p>
          <Button onClick={onKeep}>Keep them</Button>{' '}
          <Button variant="secondary" onClick={onDismiss}>
            Not now
          </Button>
        </div>
      );
    }
    case 'downloading':
      return (
        <div className={styles.progress}>
          <progress value={state.saved} max={state.total || 1} aria-label="Customers kept" />
          <p role="status">
            {state.total === 0
              ? 'Starting…'
              : `${formatCount(state.saved)} of ${formatCount(state.total)} customers kept…`}
          </p>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      );
    case 'stopped':
      return (
        <p role="status">
          {state.reason === 'cancelled' ? 'Cancelled' : 'The connection dropped'} at{' '}
          {formatCount(state.saved)} of {formatCount(state.total)} customers. It carries on from there when
          you keep them again.
        </p>
      );
    case 'full':
      return (
        <p role="alert" className={styles.failed}>
          This device is full, so your customers could not be kept. Nothing of this download was kept: free
          some space and try again.
        </p>
      );
    case 'refused':
      return (
        <p role="alert" className={styles.failed}>
          {state.message}
        </p>
      );
  }
}
