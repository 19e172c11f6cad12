import type { RuntimeConfig } from '@promo/domain/remote-contract';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { exitPreview } from '../runtime-config/release-choice';
import styles from './preview-bar.module.css';

type Preview = NonNullable<RuntimeConfig['preview']>;

/**
 * The bar a previewing browser shows at the foot of every page: which version it previews and the
 * way back; or why a preview link was refused (nothing of it was loaded).
 */
function PreviewBar({ preview }: { preview: Preview }) {
  const [dismissed, setDismissed] = useState(false);
  if (dismissed) return null;
  if ('refused' in preview) {
    return (
      <div role="alert" className={`${styles.bar} ${styles.refused}`}>
        <span>Preview refused: {preview.refused}</span>{' '}
        <button type="button" className={styles.action} onClick={() => setDismissed(true)}>
          Dismiss
        </button>
      </div>
    );
  }
  return (
    <section aria-label="Preview" className={styles.bar}>
      <span>
        Preview: {preview.remote} {preview.version}
      </span>{' '}
      <span aria-hidden="true">·</span>{' '}
      <button type="button" className={styles.action} onClick={exitPreview}>
        Exit preview
      </button>
    </section>
  );
}

/** Renders the bar in a root of its own, outside the app's tree: it stays whatever the page does. */
export function showPreviewBar(preview: Preview): void {
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(<PreviewBar preview={preview} />);
}
