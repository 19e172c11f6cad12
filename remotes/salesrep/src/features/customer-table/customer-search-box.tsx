import { CUSTOMER_SEARCH_DEBOUNCE_MS } from '@promo/domain/rep/customer-list.rules';
import { TextField } from '@promo/ui/text-field';
import { useEffect, useRef, useState } from 'react';

/**
 * The search box (docs/product-rules.md, 'Customer table'), debounced 1 second; Enter searches at once. The text typed stays in
 * the box whatever the table is doing; `value` (the searched text, from the address) replaces it only
 * when it changes from outside, e.g. on back or forward.
 *
 * The address follows a search in a transition (@promo/ui/router), so on a busy device it can catch
 * up after the rep has typed on: `value` then arrives as a text this box searched for, and the
 * letters typed since are kept (docs/decisions/039-interaction-latency.md).
 */
export function CustomerSearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(value);
  const [lastValue, setLastValue] = useState(value);
  // What this box has searched for that the address does not show yet, oldest first.
  const [searched, setSearched] = useState<string[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  if (value !== lastValue) {
    setLastValue(value);
    const own = searched.indexOf(value);
    if (own === -1) setText(value);
    setSearched(own === -1 ? [] : searched.slice(own + 1));
  }

  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (next: string) => {
    setSearched((pending) => [...pending, next]);
    onSearch(next);
  };

  const schedule = (next: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      if (next !== value) search(next);
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
        if (text !== value) search(text);
      }}
    />
  );
}
