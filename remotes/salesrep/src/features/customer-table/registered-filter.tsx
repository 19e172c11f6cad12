import {
  isOptionSelected,
  toggleRegisteredOption,
  type RegisteredOption,
} from '@promo/domain/rep-customer-list';
import type { PromotionFilters } from '@promo/domain/rep-saved-selection';
import styles from './customer-table.module.css';

const OPTIONS: { option: RegisteredOption; label: string }[] = [
  { option: 'all', label: 'Show All' },
  { option: 'registered', label: 'Registered' },
  { option: 'nonRegistered', label: 'Non Registered' },
];

/** The registered filter, multi-select, as toggle buttons (pressed = shown). */
export function RegisteredFilter({
  filters,
  onChange,
}: {
  filters: PromotionFilters;
  onChange: (next: PromotionFilters) => void;
}) {
  return (
    <div className={styles.filter} role="group" aria-label="Registered filter">
      {OPTIONS.map(({ option, label }) => (
        <button
          key={option}
          type="button"
          className={styles.toggle}
          aria-pressed={isOptionSelected(filters, option)}
          onClick={() => onChange(toggleRegisteredOption(filters, option))}
        >
          {label}
        </button>
      ))}
    </div>
  );
}
