// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { useQuery } from './query';

describe('useQuery', () => {
  it("renders a query's new result in a render of its own, after the one its arrival caused", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let answer: (value: string) => void = () => undefined;
    const rendered: (string | undefined)[] = [];
    function Probe() {
      const { data } = useQuery({
        queryKey: ['probe'],
        queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
      });
      rendered.push(data);
      return createElement('p', null, data ?? 'waiting');
    }
    const { getByText } = render(createElement(QueryClientProvider, { client }, createElement(Probe)));
    await waitFor(() => expect(getByText('waiting')).toBeTruthy());
    answer('fresh');
    await waitFor(() => expect(getByText('fresh')).toBeTruthy());
    // The arrival's own render drew the result the component had; the new one came in the next.
    expect(rendered).toEqual([undefined, undefined, 'fresh']);
  });
});
