import styles from './spend-progress.module.css';

/** A labelled progress bar: the fill is capped at 100%, the text says the real figure. */
export function ProgressBar({
  label,
  fraction,
  valueText,
  reached,
}: {
  label: string;
  /** 0-1 */
  fraction: number;
  valueText: string;
  reached: boolean;
}) {
  const percent = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  return (
    <div
      className={styles.bar}
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
    >
      <div
        className={`${styles.fill} ${reached ? styles.fillReached : ''}`}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
