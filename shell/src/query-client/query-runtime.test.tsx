import { QueryClientProvider, queryOptions, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient, queryRuntimeFor } from './query-runtime';
import { taskOfItsOwn } from '@promo/domain/http/task-of-its-own';

/** A page that shows one saved figure, refetched as it mounts when stale (the app's default). */
function Figure({ fetchFigure, staleTime }: { fetchFigure: () => Promise<string>; staleTime?: number }) {
  const { data } = useQuery(queryOptions({ queryKey: ['figure'], queryFn: fetchFigure, staleTime }));
  return <p>{data ?? 'no figure'}</p>;
}

/** A QueryClient holding the offline copy's figure, marked stale as a restore marks it. */
async function clientWithSavedFigure() {
  const client = createQueryClient();
  client.setQueryData(['figure'], 'saved');
  await client.invalidateQueries({ refetchType: 'none' });
  return client;
}

/** A first screen that is up when the test says so. */
function firstScreenToCome() {
  let screenIsUp: () => void = () => undefined;
  const firstScreen = new Promise<void>((resolve) => {
    screenIsUp = resolve;
  });
  return { firstScreen, screenIsUp };
}

/** A macrotask after those already queued. */
// The runtime's own wait: each of its tasks comes in turn with the test's.
const nextTask = taskOfItsOwn;

/**
 * Two saved, stale queries on screen with refetches held, then the first screen up and its
 * microtasks run: what each fetch asked for is in `asked`, in order.
 */
async function twoSavedQueriesOnScreen(answer: () => Promise<string>) {
  const client = createQueryClient();
  client.setQueryData(['first'], 'saved');
  client.setQueryData(['second'], 'saved');
  await client.invalidateQueries({ refetchType: 'none' });
  const asked: string[] = [];
  const { firstScreen, screenIsUp } = firstScreenToCome();
  queryRuntimeFor(client).holdRefetchesUntil(firstScreen);
  const fetchAs = (name: string) => () => {
    asked.push(name);
    return answer();
  };
  function Both() {
    useQuery(queryOptions({ queryKey: ['first'], queryFn: fetchAs('first') }));
    useQuery(queryOptions({ queryKey: ['second'], queryFn: fetchAs('second') }));
    return null;
  }
  render(
    <QueryClientProvider client={client}>
      <Both />
    </QueryClientProvider>,
  );
  screenIsUp();
  await Promise.resolve();
  await Promise.resolve();
  return { asked, client };
}

describe('holding refetches until the first screen is up', () => {
  it('draws the saved data without asking, then refetches what is on screen once the screen is up', async () => {
    const client = await clientWithSavedFigure();
    let asked = 0;
    const fetchFigure = () => {
      asked += 1;
      return Promise.resolve('fresh');
    };
    const { firstScreen, screenIsUp } = firstScreenToCome();
    queryRuntimeFor(client).holdRefetchesUntil(firstScreen);
    // staleTime 0 is how a page asks for fresh data on every mount (useCurrentAccount's `fresh`).
    render(
      <QueryClientProvider client={client}>
        <Figure fetchFigure={fetchFigure} staleTime={0} />
      </QueryClientProvider>,
    );
    expect(screen.getByText('saved')).toBeInTheDocument();
    await act(() => Promise.resolve());
    expect(asked).toBe(0);

    act(() => screenIsUp());
    expect(await screen.findByText('fresh')).toBeInTheDocument();
    expect(asked).toBe(1);
  });

  it('refetches each stale query on screen in a task of its own once the screen is up', async () => {
    const { asked } = await twoSavedQueriesOnScreen(() => Promise.resolve('fresh'));
    expect(asked).toEqual([]);
    await nextTask();
    expect(asked).toEqual(['first']);
    await nextTask();
    expect(asked).toEqual(['first', 'second']);
  });

  it('keeps a fetch that started before its query was due', async () => {
    const stillOnItsWay = () => new Promise<string>(() => undefined);
    const { asked, client } = await twoSavedQueriesOnScreen(stillOnItsWay);
    await nextTask();
    expect(asked).toEqual(['first']);
    // The page asks for the second itself before its turn comes.
    void client.refetchQueries({ queryKey: ['second'] });
    expect(asked).toEqual(['first', 'second']);
    await nextTask();
    await nextTask();
    expect(asked).toEqual(['first', 'second']);
  });

  it('refetches stale data as the page mounts when nothing is held', async () => {
    const client = await clientWithSavedFigure();
    let asked = 0;
    render(
      <QueryClientProvider client={client}>
        <Figure
          fetchFigure={() => {
            asked += 1;
            return Promise.resolve('fresh');
          }}
        />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('fresh')).toBeInTheDocument();
    expect(asked).toBe(1);
  });

  it('loads a query with no saved data at once, held or not', async () => {
    const client = createQueryClient();
    const { firstScreen, screenIsUp } = firstScreenToCome();
    queryRuntimeFor(client).holdRefetchesUntil(firstScreen);
    render(
      <QueryClientProvider client={client}>
        <Figure fetchFigure={() => Promise.resolve('fresh')} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('fresh')).toBeInTheDocument();
    act(() => screenIsUp());
  });
});
