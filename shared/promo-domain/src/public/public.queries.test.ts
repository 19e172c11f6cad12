import { describe, expect, it } from 'vitest';
import { ApiError } from '@promo/domain/http/http-client';
import { apiError, fakeApiInNode, mockApi } from '@promo/ui/testing/api-server';
import {
  contentBlockQueries,
  emailVerificationQueries,
  isAlreadyVerifiedError,
  verifyEmailLink,
} from './public.queries';

fakeApiInNode();

describe('verifyEmailLink', () => {
  it('posts the email and hash to /user/verify/email', async () => {
    const api = mockApi({ 'POST /user/verify/email': { verified: true, alreadyVerified: false } });
    expect(await verifyEmailLink('aroha@example.com', 'h1')).toEqual({
      verified: true,
      alreadyVerified: false,
    });
    expect(api.bodies('POST /user/verify/email')).toEqual([{ email: 'aroha@example.com', hash: 'h1' }]);
  });

  it("treats a refusal saying 'already verified' as success", async () => {
    mockApi({ 'POST /user/verify/email': apiError(400, 'Email already verified.') });
    expect(await verifyEmailLink('aroha@example.com', 'h1')).toEqual({
      verified: true,
      alreadyVerified: true,
    });
  });

  it('rethrows any other failure with the server text', async () => {
    mockApi({ 'POST /user/verify/email': apiError(400, 'This verification link is not valid.') });
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
    const api = mockApi({
      'GET /block/get': [{ id: 'privacy-policy-html', props: { rawHtml: '<p>Privacy</p>' } }],
    });
    const options = contentBlockQueries.detail('privacy-policy-html');
    expect(options.queryKey).toEqual(['content-blocks', 'detail', 'privacy-policy-html']);
    const html = await (options.queryFn as () => Promise<string | null>)();
    expect(html).toBe('<p>Privacy</p>');
    expect(api.callsTo('GET', '/block/get').map((call) => call.query.get('ids'))).toEqual([
      'privacy-policy-html',
    ]);
  });

  it('answers null when the server has no such block', async () => {
    mockApi({ 'GET /block/get': [] });
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
