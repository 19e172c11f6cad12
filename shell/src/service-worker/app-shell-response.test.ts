import { describe, expect, it } from 'vitest';
import { withoutStartupPreloads } from './app-shell-response';

describe('withoutStartupPreloads', () => {
  it("drops the host's Link preloads and keeps the document, its status and its other headers", async () => {
    const stored = new Response('<!doctype html><title>Ezy Rewards</title>', {
      status: 200,
      statusText: 'OK',
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': "default-src 'self'",
        Link: '<https://cdn.example.nz/registry.json>; rel=preload; as=fetch; crossorigin=anonymous',
      },
    });
    const served = withoutStartupPreloads(stored);
    expect(served.headers.has('Link')).toBe(false);
    expect(served.headers.get('Content-Security-Policy')).toBe("default-src 'self'");
    expect(served.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    expect(served.status).toBe(200);
    expect(served.statusText).toBe('OK');
    expect(await served.text()).toBe('<!doctype html><title>Ezy Rewards</title>');
  });

  it('hands back an answer without preloads as it is', () => {
    const stored = new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html' } });
    expect(withoutStartupPreloads(stored)).toBe(stored);
  });
});
