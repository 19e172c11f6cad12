import { useEffect, useRef } from 'react';
import styles from './region-branch-picker.module.css';

/** 'Select All' for a list: checked when all are, mixed (indeterminate) when some are. */
export function SelectAllCheckbox({
  selected,
  total,
  onChange,
  listName,
  disabled = false,
}: {
  selected: number;
  total: number;
  onChange: (selectAll: boolean) => void;
  /** Completes the accessible name: 'Select All regions'. */
  listName: string;
  disabled?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const all = total > 0 && selected === total;
  const some = selected > 0 && !all;
  useEffect(() => {
    if (input.current) input.current.indeterminate = some;
  }, [some]);
  return (
    <label className={`${styles.option} ${styles.selectAll}`}>
      <input
        ref={input}
        type="checkbox"
        checked={all}
        disabled={disabled || total === 0}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        Select All<span className="visually-hidden"> {listName}</span>
      </span>
    </label>
  );
}
