import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@promo/domain/http/http-client';
import {
  contentBlockQueries,
  emailVerificationQueries,
  isAlreadyVerifiedError,
  verifyEmailLink,
} from './public.queries';

function answer(status: number, body: unknown) {
  return vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status })));
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('verifyEmailLink', () => {
  it('posts the email and hash to /user/verify/email', async () => {
    const fetch = answer(200, { verified: true, alreadyVerified: false });
    vi.stubGlobal('fetch', fetch);
    expect(await verifyEmailLink('aroha@example.com', 'h1')).toEqual({
      verified: true,
      alreadyVerified: false,
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/user/verify/email');
    expect(JSON.parse(init.body as string)).toEqual({ email: 'aroha@example.com', hash: 'h1' });
  });

  it("treats a refusal saying 'already verified' as success", async () => {
    vi.stubGlobal('fetch', answer(400, { error: 'Bad Request', message: 'Email already verified.' }));
    expect(await verifyEmailLink('aroha@example.com', 'h1')).toEqual({
      verified: true,
      alreadyVerified: true,
    });
  });

  it('rethrows any other failure with the server text', async () => {
    vi.stubGlobal(
      'fetch',
      answer(400, { error: 'Bad Request', message: 'This verification link is not valid.' }),
    );
    await expect(verifyEmailLink('aroha@example.com', 'h1')).rejects.toMatchObject({
      status: 400,
      serverMessage: 'This verification link is not valid.',
    });
  });
});

describe('isAlreadyVerifiedError', () => {
  it('is true only for an API error whose text says already verified', () => {
    expect(isAlreadyVerifiedError(new ApiError(400, 'User is Already Verified'))).toBe(true);
    expect(isAlreadyVerifiedError(new ApiError(400, 'Not valid'))).toBe(false);
    expect(isAlreadyVerifiedError(new Error('already verified'))).toBe(false);
  });
});

describe('contentBlockQueries.detail', () => {
  it("asks /block/get for the id and answers the block's raw HTML", async () => {
    const fetch = answer(200, [{ id: 'privacy-policy-html', props: { rawHtml: '<p>Privacy</p>' } }]);
    vi.stubGlobal('fetch', fetch);
    const options = contentBlockQueries.detail('privacy-policy-html');
    expect(options.queryKey).toEqual(['content-blocks', 'detail', 'privacy-policy-html']);
    const html = await (options.queryFn as () => Promise<string | null>)();
    expect(html).toBe('<p>Privacy</p>');
    expect((fetch.mock.calls[0] as unknown as [string])[0]).toBe('/api/v1/block/get?ids=privacy-policy-html');
  });

  it('answers null when the server has no such block', async () => {
    vi.stubGlobal('fetch', answer(200, []));
    expect(await (contentBlockQueries.detail('x').queryFn as () => Promise<string | null>)()).toBeNull();
  });
});

describe('emailVerificationQueries.link', () => {
  it('keys by email and hash, never goes stale and is not retried by itself', () => {
    const options = emailVerificationQueries.link('a@b.co', 'h');
    expect(options.queryKey).toEqual(['email-verification', 'a@b.co', 'h']);
    expect(options.staleTime).toBe(Infinity);
    expect(options.retry).toBe(false);
  });
});
