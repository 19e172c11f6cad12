import styles from './tracking.module.css';

const RADIUS = 42;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

function Ring({ percent, caption, tone }: { percent: number; caption: string; tone: 'target' | 'time' }) {
  const clamped = Math.max(0, Math.min(100, percent));
  return (
    <div className={styles.ring} role="img" aria-label={`${clamped}% ${caption}`}>
      <svg viewBox="0 0 100 100" width="120" height="120" aria-hidden="true">
        <circle cx="50" cy="50" r={RADIUS} className={styles.ringTrack} />
        <circle
          cx="50"
          cy="50"
          r={RADIUS}
          className={tone === 'target' ? styles.ringTarget : styles.ringTime}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - clamped / 100)}
          transform="rotate(-90 50 50)"
        />
        {/* A trophy: cup, handles and base. */}
        <path
          d="M40 30h20v8a10 10 0 0 1-20 0zM40 32h-5a5 5 0 0 0 5 8M60 32h5a5 5 0 0 1-5 8M47 48h6v5h-6zM42 53h16v3H42z"
          className={styles.trophy}
        />
        <text x="50" y="72" textAnchor="middle" className={styles.ringValue}>
          {clamped}%
        </text>
      </svg>
      <p className={styles.ringCaption} aria-hidden="true">
        {caption}
      </p>
    </div>
  );
}

/** Trophy rings: % of the target in focus (targetProgress) and % of the promotion's time completed. */
export function TrophyRings({
  percentAchieved,
  achievedCaption,
  percentTime,
}: {
  percentAchieved: number;
  achievedCaption: string;
  percentTime: number;
}) {
  return (
    <div className={styles.rings}>
      <Ring percent={percentAchieved} caption={achievedCaption} tone="target" />
      <Ring percent={percentTime} caption="Time completed" tone="time" />
    </div>
  );
}
