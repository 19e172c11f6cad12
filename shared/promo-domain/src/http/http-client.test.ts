import { describe, expect, it } from 'vitest';
import { HttpResponse } from 'msw';
import {
  ApiError,
  errorMessage,
  http,
  NetworkError,
  TOO_LARGE_MESSAGE,
} from '@promo/domain/http/http-client';
import { apiError, fakeApiInNode, mockApi } from '@promo/ui/testing/api-server';

fakeApiInNode();

/** The error a call throws, so a test can look at it. */
async function failure(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('The call succeeded.');
}

describe('http', () => {
  it('unwraps the body of a successful answer', async () => {
    const api = mockApi({ 'POST /form-submission/submit': { ok: true } });
    expect(await http.post('/form-submission/submit', { a: 1 })).toEqual({ ok: true });
    expect(api.bodies('POST /form-submission/submit')).toEqual([{ a: 1 }]);
  });

  it('throws the server’s reason with the status', async () => {
    mockApi({ 'POST /user/signup': apiError(400, 'email: Required') });
    const error = await failure(http.post('/user/signup', {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, serverMessage: 'email: Required' });
    expect(errorMessage(error, 'Message submission failed.')).toBe('email: Required');
  });

  it('says plainly that a body too large to accept (413) must be shortened', async () => {
    mockApi({ 'POST /form-submission/submit': apiError(413, 'Request body is too large') });
    const error = await failure(http.post('/form-submission/submit', { message: 'x'.repeat(300_000) }));
    expect(error).toMatchObject({ status: 413, serverMessage: TOO_LARGE_MESSAGE });
    expect(errorMessage(error, 'Message submission failed.')).toBe(
      'That is too much to send at once. Shorten it and try again.',
    );
  });

  it('says the same for a 413 page from a proxy in front of the API', async () => {
    mockApi({
      'POST /form-submission/submit': HttpResponse.html(
        '<html><body>413 Request Entity Too Large</body></html>',
        { status: 413 },
      ),
    });
    const error = await failure(http.post('/form-submission/submit', {}));
    expect(errorMessage(error, 'Message submission failed.')).toBe(TOO_LARGE_MESSAGE);
  });

  it('shows the screen’s default when the answer carries no reason', async () => {
    mockApi({ 'GET /promotion/get': HttpResponse.text('Internal Server Error', { status: 500 }) });
    const error = await failure(http.get('/promotion/get'));
    expect(error).toMatchObject({ status: 500, serverMessage: undefined });
    expect(errorMessage(error, 'Message submission failed.')).toBe('Message submission failed.');
  });

  it('shows the host’s reason when the API behind it is down (502)', async () => {
    mockApi({
      'GET /session/get': HttpResponse.json(
        { error: 'Bad Gateway', message: 'The API is not reachable.' },
        { status: 502 },
      ),
    });
    const error = await failure(http.get('/session/get'));
    expect(errorMessage(error, 'Login failed. Please try again.')).toBe('The API is not reachable.');
  });

  it('throws NetworkError when no answer arrives', async () => {
    mockApi({ 'GET /session/get': HttpResponse.error() });
    expect(await failure(http.get('/session/get'))).toBeInstanceOf(NetworkError);
  });
});
