import { expect, test } from '@playwright/test';
import { origins } from '../support/demo';

test.describe('static serving headers', () => {
  test('documents carry a Content-Security-Policy that lists exactly the remote origins', async ({
    request,
  }) => {
    const csp = (await request.get('/login')).headers()['content-security-policy'] ?? '';
    expect(csp).toContain(`script-src 'self' ${origins.cdn} `);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });

  test('only the allowed parents may frame /spend-progress', async ({ request }) => {
    const csp = (await request.get('/spend-progress')).headers()['content-security-policy'] ?? '';
    expect(csp).toContain(`frame-ancestors ${origins.shell}`);
  });

  test('the registry and manifests are revalidated, hashed assets are immutable', async ({ request }) => {
    const registryResponse = await request.get(`${origins.cdn}/registry.json`, {
      headers: { Origin: origins.shell },
    });
    expect(registryResponse.headers()['access-control-allow-origin']).toBe(origins.shell);
    expect(registryResponse.headers()['cache-control']).toBe('no-cache');
    const registry = (await registryResponse.json()) as { remotes: Record<string, { manifest: string }> };
    const manifestUrl = registry.remotes.customer?.manifest ?? '';

    const manifest = await request.get(manifestUrl, { headers: { Origin: origins.shell } });
    expect(manifest.headers()['cache-control']).toBe('no-cache');
    expect(manifest.headers()['access-control-allow-origin']).toBe(origins.shell);

    const foreign = await request.get(manifestUrl, { headers: { Origin: 'https://elsewhere.example' } });
    expect(foreign.headers()['access-control-allow-origin']).toBeUndefined();

    const html = await (await request.get('/login')).text();
    const script = /src="(\/static\/js\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await request.get(script ?? '')).headers()['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
  });

  test('logging out tells the browser to clear the site data', async ({ request }) => {
    const response = await request.get('/api/v1/session/logout');
    expect(response.headers()['clear-site-data']).toBe('"cache", "storage"');
  });
});
