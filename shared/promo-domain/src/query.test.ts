// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { useQuery } from './query';

const probeKey = queryOptions({ queryKey: ['probe'] }).queryKey;

/** A component that shows the probe query's data and records each render's value. */
function renderProbe(client: QueryClient, queryFn: () => Promise<string>) {
  const rendered: (string | undefined)[] = [];
  function Probe() {
    const { data } = useQuery({ queryKey: probeKey, queryFn });
    rendered.push(data);
    return createElement('p', null, data ?? 'waiting');
  }
  const view = render(createElement(QueryClientProvider, { client }, createElement(Probe)));
  return { ...view, rendered };
}

describe('useQuery', () => {
  it("renders a query's first answer in a render of its own, after the one its arrival caused", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let answer: (value: string) => void = () => undefined;
    const { getByText, rendered } = renderProbe(
      client,
      () => new Promise<string>((resolve) => (answer = resolve)),
    );
    await waitFor(() => expect(getByText('waiting')).toBeTruthy());
    const before = rendered.length;
    answer('fresh');
    await waitFor(() => expect(getByText('fresh')).toBeTruthy());
    // The arrival's own render drew the loading state again; the answer came in the next render.
    expect(rendered.slice(before)).toEqual([undefined, 'fresh']);
  });

  it('renders a change to data it already has at once, in the same render', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    const { getByText, rendered } = renderProbe(client, () => Promise.resolve('saved'));
    await waitFor(() => expect(getByText('saved')).toBeTruthy());
    const before = rendered.length;
    // As an optimistic update does when the person checks a radio bound to this data.
    act(() => {
      client.setQueryData(probeKey, 'chosen');
    });
    await waitFor(() => expect(getByText('chosen')).toBeTruthy());
    expect(rendered.slice(before)).toEqual(['chosen']);
  });

  it('renders data already in the cache on the first render', () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(probeKey, 'cached');
    const { getByText, rendered } = renderProbe(client, () => Promise.resolve('fresh'));
    expect(getByText('cached')).toBeTruthy();
    expect(rendered).toEqual(['cached']);
  });
});
