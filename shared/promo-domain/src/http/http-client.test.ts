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

/** A contact form as the public pages send it. */
const contactForm = {
  formConfigurationID: 'contact-us' as const,
  response: { message: 'Hello' },
  formFields: [{ name: 'message', label: 'Message', required: true }],
};

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
    expect(await http.post('/form-submission/submit', contactForm)).toEqual({ ok: true });
    expect(api.bodies('POST /form-submission/submit')).toEqual([contactForm]);
  });

  it('throws the server’s reason with the status', async () => {
    mockApi({ 'POST /user/signup': apiError(400, 'email: Required') });
    const registration = { firstname: 'Ana', surname: 'Lee', email: '', customerID: '100234' };
    const error = await failure(http.post('/user/signup', registration));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, serverMessage: 'email: Required' });
    expect(errorMessage(error, 'Message submission failed.')).toBe('email: Required');
  });

  it('says plainly that a body too large to accept (413) must be shortened', async () => {
    mockApi({ 'POST /form-submission/submit': apiError(413, 'Request body is too large') });
    const long = { ...contactForm, response: { message: 'x'.repeat(300_000) } };
    const error = await failure(http.post('/form-submission/submit', long));
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
    const error = await failure(http.post('/form-submission/submit', contactForm));
    expect(errorMessage(error, 'Message submission failed.')).toBe(TOO_LARGE_MESSAGE);
  });

  it('shows the screen’s default when the answer carries no reason', async () => {
    mockApi({ 'GET /promotion/get': HttpResponse.text('Internal Server Error', { status: 500 }) });
    const error = await failure(http.get('/promotion/get', { ids: ['P1'] }));
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

  it('takes its paths, bodies, queries and answers from the contract, and nothing else', async () => {
    mockApi({ 'GET /session/get': { role: 'anonymous', userid: '0' } });
    const session = await http.get('/session/get');
    expect(session.role).toBe('anonymous');
    // Each line below fails the typecheck if the client would accept it: a route that is not in the
    // contract, a body another route takes, a query on a route that takes none, a wrong query key, an
    // answer read as another route's.
    const typeChecks = () => {
      // @ts-expect-error no such route
      void http.get('/session/whoami');
      // @ts-expect-error the search takes a search, not a choice
      void http.post('/account/search', { promotionID: 'P1', userChoices: { selectedReward: 'x' } });
      // @ts-expect-error GET /session/get takes no query
      void http.get('/session/get', { ids: ['1'] });
      // @ts-expect-error GET /account/get is asked by ids
      void http.get('/account/get', { id: 'G1' });
      void http.get('/session/get').then((answer) => {
        // @ts-expect-error the session answers with a role, not a list
        void answer.length;
      });
    };
    void typeChecks; // never run: the typecheck is its test
  });
});
