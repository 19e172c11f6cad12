import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CustomerSearchBox } from './customer-search-box';

const box = () => screen.getByRole('searchbox', { name: 'Search Global ID, Name or Customer ID' });

describe('CustomerSearchBox', () => {
  it('keeps the letters typed after a search when the address catches up with that search', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    const { rerender } = render(<CustomerSearchBox value="" onSearch={onSearch} />);
    await user.type(box(), 'smi{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('smi');
    await user.type(box(), 'th');
    expect(box()).toHaveValue('smith');

    // The address shows the search for 'smi' only now: the box keeps what was typed since.
    rerender(<CustomerSearchBox value="smi" onSearch={onSearch} />);
    expect(box()).toHaveValue('smith');
    await user.type(box(), '{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith('smith');
  });

  it('keeps the letters when the address catches up with an earlier of several searches', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    const { rerender } = render(<CustomerSearchBox value="" onSearch={onSearch} />);
    await user.type(box(), 'ab{Enter}c{Enter}d');
    expect(onSearch.mock.calls).toEqual([['ab'], ['abc']]);
    rerender(<CustomerSearchBox value="ab" onSearch={onSearch} />);
    expect(box()).toHaveValue('abcd');
    rerender(<CustomerSearchBox value="abc" onSearch={onSearch} />);
    expect(box()).toHaveValue('abcd');
  });

  it('shows a text that comes from outside the box, as on back or forward', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    const { rerender } = render(<CustomerSearchBox value="" onSearch={onSearch} />);
    await user.type(box(), 'smi{Enter}th');
    rerender(<CustomerSearchBox value="jones" onSearch={onSearch} />);
    expect(box()).toHaveValue('jones');
    // A search this box made earlier, coming back from outside, shows too.
    rerender(<CustomerSearchBox value="smi" onSearch={onSearch} />);
    expect(box()).toHaveValue('smi');
  });
});
