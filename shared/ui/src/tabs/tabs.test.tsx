import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

function Example() {
  const [selected, setSelected] = useState('one');
  return (
    <Tabs
      label="Example"
      selectedId={selected}
      onSelect={setSelected}
      tabs={[
        { id: 'one', label: 'One', panel: <p>First panel</p> },
        { id: 'two', label: 'Two', panel: <p>Second panel</p> },
        { id: 'three', label: 'Three', panel: <p>Third panel</p> },
      ]}
    />
  );
}

describe('Tabs', () => {
  it('shows the selected panel and links each tab to its panel', () => {
    render(<Example />);
    expect(screen.getByRole('tablist', { name: 'Example' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'One' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'One' })).toHaveTextContent('First panel');
    expect(screen.getByText('Second panel')).not.toBeVisible();
  });

  it('selects on click', async () => {
    render(<Example />);
    await userEvent.click(screen.getByRole('tab', { name: 'Two' }));
    expect(screen.getByRole('tabpanel', { name: 'Two' })).toHaveTextContent('Second panel');
  });

  it('moves with the arrow keys, Home and End, wrapping around, with one tab stop', async () => {
    render(<Example />);
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'One' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'One' })).toHaveFocus();
    await userEvent.keyboard('{End}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'One' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveAttribute('tabindex', '-1');
  });
});
