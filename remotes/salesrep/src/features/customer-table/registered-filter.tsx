import {
  isOptionSelected,
  toggleRegisteredOption,
  type RegisteredOption,
} from '@promo/domain/rep/customer-list.rules';
import type { PromotionFilters } from '@promo/domain/rep/saved-selection.rules';
import styles from './customer-table.module.css';

const OPTIONS: { option: RegisteredOption; label: string }[] = [
  { option: 'all', label: 'Show All' },
  { option: 'registered', label: 'Registered' },
  { option: 'nonRegistered', label: 'Non Registered' },
];

interface RegisteredFilterProps {
  filters: PromotionFilters;
  onChange: (next: PromotionFilters) => void;
}

/** The registered filter, multi-select, as toggle buttons (pressed = shown). */
export function RegisteredFilter({ filters, onChange }: RegisteredFilterProps) {
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
