import { describe, expect, it } from 'vitest';
import { fakeApiInNode, mockApi } from '@promo/ui/testing/api-server';
import type { AccountSearchItem, AccountSearchRequest } from '../types';
import { getBranches, searchAllAccounts } from './rep.queries';

const item = (index: number): AccountSearchItem => ({
  id: `G${100_000 + index}`,
  name: `Customer ${index}`,
  primaryRegion: 'Auckland',
  customerIds: [],
  totalSpend: index,
  percentageAchieved: 0,
  targets: [],
  firstTarget: 0,
  enrolled: false,
});

fakeApiInNode();

/** The account search over `total` customers; returns the requests it answered, in order. */
function serve(total: number) {
  const api = mockApi({
    'POST /account/search': ({ body }) => {
      const request = body as AccountSearchRequest;
      const offset = request.offset ?? 0;
      const items = Array.from(
        { length: Math.max(0, Math.min(request.limit ?? 10, total - offset)) },
        (_, i) => item(offset + i),
      );
      return { ids: items.map((x) => x.id), items, total };
    },
  });
  return () => api.bodies<AccountSearchRequest>('POST /account/search');
}

describe('searchAllAccounts (the export)', () => {
  it('fetches every page of 100, in order, with the same filters and sort', async () => {
    const requests = serve(230);
    const progress: [number, number][] = [];
    const request: AccountSearchRequest = {
      filters: { hasTargetsFor: 'P', branchID: ['101'] },
      sort: [{ key: 'needsAttention', direction: 'desc' }],
    };
    const items = await searchAllAccounts(request, (loaded, total) => progress.push([loaded, total]));
    expect(items.map((x) => x.id)).toEqual(Array.from({ length: 230 }, (_, i) => item(i).id));
    expect(requests()).toEqual([0, 100, 200].map((offset) => ({ ...request, offset, limit: 100 })));
    expect(progress).toEqual([
      [100, 230],
      [200, 230],
      [230, 230],
    ]);
  });

  it('asks once for an empty list', async () => {
    const requests = serve(0);
    expect(await searchAllAccounts({})).toEqual([]);
    expect(requests()).toHaveLength(1);
  });

  it('stops when aborted', async () => {
    serve(500);
    const controller = new AbortController();
    const loading = searchAllAccounts(
      {},
      (loaded) => {
        if (loaded === 100) controller.abort();
      },
      controller.signal,
    );
    await expect(loading).rejects.toThrow();
  });
});

describe('getBranches', () => {
  it('reads configuration branch.details', async () => {
    const branches = [
      { branchID: '101', branchName: 'Autolign Penrose', branch: 'AKL1', division: 'A', region: 'Auckland' },
    ];
    const api = mockApi({ 'GET /configuration/get': [{ id: 'branch.details', value: branches }] });
    expect(await getBranches()).toEqual(branches);
    expect(api.callsTo('GET', '/configuration/get').map((call) => call.query.get('ids'))).toEqual([
      'branch.details',
    ]);
  });
});
