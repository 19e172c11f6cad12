import type { Branch } from '@promo/domain/types';
import { useRef, useState } from 'react';
import styles from './selected-branch-list.module.css';

/**
 * docs/product-rules.md, 'Select Branches and My Branches': the selected branches, each with a remove icon. After a removal, focus
 * moves to the next branch's remove button (or the previous one at the end of the list), and the
 * removal is announced.
 */
export function SelectedBranchList({
  branches,
  onRemove,
}: {
  branches: readonly Branch[];
  onRemove: (branch: Branch) => void;
}) {
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const [announcement, setAnnouncement] = useState('');

  const remove = (branch: Branch, index: number) => {
    const neighbour = branches[index + 1] ?? branches[index - 1];
    onRemove(branch);
    setAnnouncement(`${branch.branchName} removed.`);
    if (neighbour) requestAnimationFrame(() => buttons.current.get(neighbour.branchID)?.focus());
  };

  return (
    <>
      <ul className={styles.list}>
        {branches.map((branch, index) => (
          <li key={branch.branchID} className={styles.item}>
            <span className={styles.text}>
              <span className={styles.name}>{branch.branchName}</span>{' '}
              <span className={styles.meta}>
                {branch.branch} · {branch.region}
              </span>
            </span>
            <button
              type="button"
              className={styles.remove}
              aria-label={`Remove ${branch.branchName}`}
              ref={(element) => {
                if (element) buttons.current.set(branch.branchID, element);
                else buttons.current.delete(branch.branchID);
              }}
              onClick={() => remove(branch, index)}
            >
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
                <path
                  d="M6 6l12 12M18 6L6 18"
                  stroke="currentColor"
                  strokeWidth="2.5"
                  strokeLinecap="round"
                  fill="none"
                />
              </svg>
            </button>
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </>
  );
}
