import styles from './spend-progress.module.css';

/** A labelled progress bar, filled to the whole percent of the target achieved (progressPerTarget). */
export function ProgressBar({
  label,
  percent,
  valueText,
  reached,
}: {
  label: string;
  /** 0-100 */
  percent: number;
  valueText: string;
  reached: boolean;
}) {
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
