import { taskOfItsOwn } from '@promo/domain/http/task-of-its-own';
import { divisionDetailsQueries } from '@promo/domain/configuration/division-details.queries';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { mockApi, renderPage } from '@promo/ui/testing';

function AsksForConfiguration() {
  useQuery(divisionDetailsQueries.list());
  return <p>asks</p>;
}

// The two tests run in this order: the first ends while its page's request still waits for its
// task; the setup file's clean-up lets it leave before this test's handlers go.
describe('a request a page sends as its test ends', () => {
  it('is answered by the handlers of the test that sent it', () => {
    mockApi({ 'GET /configuration/get': [] });
    renderPage(<AsksForConfiguration />, { path: '/' });
  });

  it('does not reach the next test', async () => {
    const api = mockApi({ 'GET /configuration/get': [] });
    await taskOfItsOwn();
    await taskOfItsOwn();
    expect(api.callsTo('GET', '/configuration/get')).toHaveLength(0);
  });
});
