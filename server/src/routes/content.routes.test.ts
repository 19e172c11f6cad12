import type { ApiErrorBody, ConfigurationEntry, ContentBlock, Promotion } from '@promo/domain/types';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAILS, DEMO_PROMOTION_IDS, REP_NORTH_REGIONS } from '../seed/demo-logins';
import { createTestApp, TEST_NOW, type TestApp } from '../test-support/test-app';

/** Blocks, configuration, promotions, audit and images: the read-mostly calls. */
let t: TestApp;
let customer: string;
let rep: string;
let repNorth: string;
beforeAll(async () => {
  t = await createTestApp();
  customer = await t.login(DEMO_EMAILS.customer);
  rep = await t.login(DEMO_EMAILS.rep);
  repNorth = await t.login(DEMO_EMAILS.repNorth);
});
afterAll(async () => {
  await t.app.close();
});

const DAY = 24 * 60 * 60 * 1000;

describe('GET /block/get', () => {
  it('serves the privacy policy to anyone, as props.rawHtml', async () => {
    const response = await t.get('/api/v1/block/get?ids=privacy-policy-html,unknown-block');
    expect(response.statusCode).toBe(200);
    const blocks = response.json<ContentBlock[]>();
    expect(blocks.map((block) => block.id)).toEqual(['privacy-policy-html']);
    expect(blocks[0]?.props.rawHtml).toContain('<h2>Privacy Policy</h2>');
    expect(blocks[0]?.props.rawHtml).toContain('Privacy Act 2020');
  });
});

describe('GET /configuration/get', () => {
  it('gives a rep the branches of their regions only', async () => {
    const all = (await t.get('/api/v1/configuration/get?ids=branch.details', rep)).json<
      ConfigurationEntry<'branch.details'>[]
    >();
    const north = (await t.get('/api/v1/configuration/get?ids=branch.details', repNorth)).json<
      ConfigurationEntry<'branch.details'>[]
    >();
    expect(all[0]?.id).toBe('branch.details');
    expect(all[0]?.value.length).toBeGreaterThanOrEqual(40);
    expect(new Set(north[0]?.value.map((branch) => branch.region))).toEqual(new Set(REP_NORTH_REGIONS));
    expect(north[0]?.value.length).toBe(
      all[0]?.value.filter((branch) => (REP_NORTH_REGIONS as readonly string[]).includes(branch.region))
        .length,
    );
    expect(all[0]?.value[0]).toEqual({
      branchID: expect.stringMatching(/^\d+$/) as string,
      branchName: expect.any(String) as string,
      branch: expect.stringMatching(/^[A-Z]{3}\d+$/) as string,
      division: expect.stringMatching(/^[ABT2PDN]$/) as string,
      region: expect.any(String) as string,
    });
  });

  it('gives the division names and logo ids', async () => {
    const [entry] = (await t.get('/api/v1/configuration/get?ids=division.details', customer)).json<
      ConfigurationEntry<'division.details'>[]
    >();
    expect(entry?.value.map((division) => division.division)).toEqual(['A', 'B', 'T', '2', 'P', 'D', 'N']);
    expect(entry?.value.find((division) => division.division === 'N')).toEqual({
      division: 'N',
      name: 'NZ Brake Co',
      logo: { id: 'division-logo-N' },
    });
  });

  it('needs a session', async () => {
    expect((await t.get('/api/v1/configuration/get?ids=branch.details')).statusCode).toBe(401);
  });
});

describe('GET /promotion/get and POST /promotion/search', () => {
  it('returns promotions by id, with the status following the clock', async () => {
    const response = await t.get(
      `/api/v1/promotion/get?ids=${DEMO_PROMOTION_IDS.finished},${DEMO_PROMOTION_IDS.foodPack}`,
      customer,
    );
    const promotions = response.json<Promotion[]>();
    expect(promotions.map((promotion) => [promotion.id, promotion.status])).toEqual([
      [DEMO_PROMOTION_IDS.foodPack, 'active'],
      [DEMO_PROMOTION_IDS.finished, 'done'],
    ]);
  });

  it('filters by the client window: ended within 90 days, starting within 60', async () => {
    const window = (end: number, start: number) =>
      t.get(
        `/api/v1/promotion/get?endTimestampMoreThanEqual=${end}&startTimestampLessThanEqual=${start}`,
        customer,
      );
    const current = (await window(TEST_NOW - 90 * DAY, TEST_NOW + 60 * DAY)).json<Promotion[]>();
    expect(current.map((promotion) => promotion.id)).toEqual([
      DEMO_PROMOTION_IDS.multiTarget,
      DEMO_PROMOTION_IDS.foodPack,
      DEMO_PROMOTION_IDS.finished,
    ]);
    const onlyRunning = (await window(TEST_NOW, TEST_NOW)).json<Promotion[]>();
    expect(onlyRunning.map((promotion) => promotion.id)).toEqual([
      DEMO_PROMOTION_IDS.multiTarget,
      DEMO_PROMOTION_IDS.foodPack,
    ]);
  });

  it('rejects a non-numeric window and ids mixed with a window', async () => {
    const bad = await t.get('/api/v1/promotion/get?endTimestampMoreThanEqual=yesterday', customer);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ApiErrorBody>().message).toBe(
      'endTimestampMoreThanEqual: Invalid input: expected number, received NaN',
    );
    const mixed = await t.get(
      `/api/v1/promotion/get?ids=x&startTimestampLessThanEqual=${TEST_NOW}`,
      customer,
    );
    expect(mixed.json<ApiErrorBody>().message).toBe('ids: Use either ids or the timestamp filters, not both');
  });

  it('searches by status with paging', async () => {
    const done = (await t.post('/api/v1/promotion/search', { status: 'done' }, rep)).json<{
      items: Promotion[];
      total: number;
    }>();
    expect(done.total).toBe(1);
    expect(done.items[0]?.id).toBe(DEMO_PROMOTION_IDS.finished);
    const page = (await t.post('/api/v1/promotion/search', { offset: 1, limit: 1 }, rep)).json<{
      items: Promotion[];
      total: number;
    }>();
    expect(page.total).toBe(3);
    expect(page.items).toHaveLength(1);
    expect(
      (await t.post('/api/v1/promotion/search', { status: 'soon' }, rep)).json<ApiErrorBody>().message,
    ).toBe('status: Invalid option: expected one of "active"|"done"');
  });
});

describe('POST /audit/log', () => {
  it('stores a rep view of a customer', async () => {
    const data = { user: DEMO_EMAILS.rep, globalId: 'G100001', globalName: 'Kahikatea Auto Repairs Ltd' };
    const response = await t.post(
      '/api/v1/audit/log',
      { source: 'salesrep', event: 'view_customer', data },
      rep,
    );
    expect(response.json()).toEqual({ ok: true });
    const row = t.db.prepare('SELECT source, event, data FROM audit_log ORDER BY id DESC LIMIT 1').get() as {
      data: string;
    };
    const stored: unknown = JSON.parse(row.data);
    expect({ ...row, data: stored }).toEqual({
      source: 'salesrep',
      event: 'view_customer',
      data,
    });
  });

  it('is for reps only and validates data', async () => {
    const body = { source: 's', event: 'e', data: { user: 'u', globalId: 'g', globalName: 'n' } };
    expect((await t.post('/api/v1/audit/log', body, customer)).statusCode).toBe(403);
    expect(
      (await t.post('/api/v1/audit/log', { ...body, data: { user: 'u' } }, rep)).json<ApiErrorBody>().message,
    ).toBe('data.globalId: Required');
  });
});

describe('GET /file/image/:id', () => {
  it('resolves every image reference of every promotion, and the division logos', async () => {
    const promotions = (await t.get('/api/v1/promotion/get', customer)).json<Promotion[]>();
    const ids = [
      ...promotions.flatMap((promotion) => [
        promotion.heroImage?.id,
        promotion.heroImageMobile?.id,
        ...promotion.prizes.map((prize) => prize.prizeImage?.id),
      ]),
      ...['A', 'B', 'T', '2', 'P', 'D', 'N'].map((code) => `division-logo-${code}`),
    ];
    expect(ids).not.toContain(undefined);
    for (const id of ids) {
      const response = await t.get(`/api/v1/file/image/${id}`);
      expect(response.statusCode, id).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // A WebP file: a RIFF container of type WEBP.
      const body = response.rawPayload;
      expect([body.subarray(0, 4).toString('latin1'), body.subarray(8, 12).toString('latin1')]).toEqual([
        'RIFF',
        'WEBP',
      ]);
    }
  });

  it('answers 304 to a matching ETag and 404 to an unknown id', async () => {
    const first = await t.get('/api/v1/file/image/hero-food-pack');
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/file/image/hero-food-pack',
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    const missing = await t.get('/api/v1/file/image/hero-nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'Not Found', message: 'Image hero-nope does not exist.' });
  });
});

describe('compression', () => {
  const promotionsUrl = `/api/v1/promotion/get?endTimestampMoreThanEqual=${TEST_NOW}&startTimestampLessThanEqual=${TEST_NOW + 180 * DAY}`;

  it('sends JSON answers compressed to a client that accepts it, the same JSON once decoded', async () => {
    const plain = await t.get(promotionsUrl, customer);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const encoding of ['br', 'gzip'] as const) {
      const packed = await t.app.inject({
        method: 'GET',
        url: promotionsUrl,
        headers: { cookie: customer, 'accept-encoding': encoding },
      });
      expect(packed.statusCode).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.vary).toContain('accept-encoding');
      const decoded =
        encoding === 'br' ? brotliDecompressSync(packed.rawPayload) : gunzipSync(packed.rawPayload);
      expect(JSON.parse(decoded.toString('utf8'))).toEqual(plain.json());
      expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    }
  });

  it('leaves small answers as they are', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/session/get',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
  });
});
