import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  errorMessage,
  http,
  NetworkError,
  TOO_LARGE_MESSAGE,
} from '@promo/domain/http/http-client';

function answer(status: number, body: string, contentType = 'application/json') {
  return vi.fn(() =>
    Promise.resolve(new Response(body, { status, headers: { 'Content-Type': contentType } })),
  );
}

/** The error a call throws, so a test can look at it. */
async function failure(call: Promise<unknown>): Promise<unknown> {
  try {
    await call;
  } catch (error) {
    return error;
  }
  throw new Error('The call succeeded.');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('http', () => {
  it('unwraps the body of a successful answer', async () => {
    vi.stubGlobal('fetch', answer(200, '{"ok":true}'));
    expect(await http.post('/form-submission/submit', { a: 1 })).toEqual({ ok: true });
  });

  it('throws the server’s reason with the status', async () => {
    vi.stubGlobal('fetch', answer(400, '{"error":"Bad Request","message":"email: Required"}'));
    const error = await failure(http.post('/user/signup', {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, serverMessage: 'email: Required' });
    expect(errorMessage(error, 'Message submission failed.')).toBe('email: Required');
  });

  it('says plainly that a body too large to accept (413) must be shortened', async () => {
    vi.stubGlobal(
      'fetch',
      answer(413, '{"error":"Payload Too Large","message":"Request body is too large"}'),
    );
    const error = await failure(http.post('/form-submission/submit', { message: 'x'.repeat(300_000) }));
    expect(error).toMatchObject({ status: 413, serverMessage: TOO_LARGE_MESSAGE });
    expect(errorMessage(error, 'Message submission failed.')).toBe(
      'That is too much to send at once. Shorten it and try again.',
    );
  });

  it('says the same for a 413 page from a proxy in front of the API', async () => {
    vi.stubGlobal(
      'fetch',
      answer(413, '<html><body>413 Request Entity Too Large</body></html>', 'text/html'),
    );
    const error = await failure(http.post('/form-submission/submit', {}));
    expect(errorMessage(error, 'Message submission failed.')).toBe(TOO_LARGE_MESSAGE);
  });

  it('shows the screen’s default when the answer carries no reason', async () => {
    vi.stubGlobal('fetch', answer(500, 'Internal Server Error', 'text/plain'));
    const error = await failure(http.get('/promotion/get'));
    expect(error).toMatchObject({ status: 500, serverMessage: undefined });
    expect(errorMessage(error, 'Message submission failed.')).toBe('Message submission failed.');
  });

  it('shows the host’s reason when the API behind it is down (502)', async () => {
    vi.stubGlobal('fetch', answer(502, '{"error":"Bad Gateway","message":"The API is not reachable."}'));
    const error = await failure(http.get('/session/get'));
    expect(errorMessage(error, 'Login failed. Please try again.')).toBe('The API is not reachable.');
  });

  it('throws NetworkError when no answer arrives', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await failure(http.get('/session/get'))).toBeInstanceOf(NetworkError);
  });
});
