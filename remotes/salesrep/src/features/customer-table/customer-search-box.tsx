import { CUSTOMER_SEARCH_DEBOUNCE_MS } from '@promo/domain/rep-customer-list';
import { TextField } from '@promo/ui/text-field';
import { useEffect, useRef, useState } from 'react';

/**
 * The search box (docs/product-rules.md, 'Customer table'), debounced 1 second; Enter searches at once. The text typed stays in
 * the box whatever the table is doing; `value` (the searched text, from the address) replaces it only
 * when it changes from outside, e.g. on back or forward.
 */
export function CustomerSearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  if (value !== lastValue) {
    setLastValue(value);
    setText(value);
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const schedule = (next: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (next !== value) onSearch(next);
    }, CUSTOMER_SEARCH_DEBOUNCE_MS);
  };

  return (
    <TextField
      label="Search Global ID, Name or Customer ID"
      type="search"
      value={text}
      autoComplete="off"
      hint="Results update a moment after you stop typing."
      onChange={(event) => {
        setText(event.target.value);
        schedule(event.target.value);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        clearTimeout(timer.current);
        if (text !== value) onSearch(text);
      }}
    />
  );
}
