import { HttpResponse } from 'msw';
import '@promo/ui/safe-html/happy-dom-fidelity';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '@promo/ui/testing';
import PrivacyPolicyPage from './privacy-policy-page';

const BLOCK_HTML =
  '<h2>Privacy Policy</h2><p>We look after your information.</p>' +
  '<img src=x onerror="window.alert(\'xss\')"><script>window.alert("xss")</script>' +
  '<a href="javascript:alert(1)">bad link</a><a href="https://www.privacy.org.nz">www.privacy.org.nz</a>';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PrivacyPolicyPage', () => {
  it("renders the server's privacy-policy-html block, sanitised", async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const api = mockApi({
      'GET /block/get': [{ id: 'privacy-policy-html', props: { rawHtml: BLOCK_HTML } }],
    });
    const { title, container } = renderPage(<PrivacyPolicyPage />, { path: '/privacy-policy' });
    expect(title()).toBe('Privacy Policy');
    expect(await screen.findByRole('heading', { name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('We look after your information.')).toBeInTheDocument();
    expect(api.calls.map(({ path, query }) => `${path}?${query}`)).toEqual([
      '/block/get?ids=privacy-policy-html',
    ]);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(screen.getByText('bad link')).not.toHaveAttribute('href');
    const external = screen.getByRole('link', { name: 'www.privacy.org.nz' });
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(alert).not.toHaveBeenCalled();
  });

  it('offers Try again when the block cannot be loaded', async () => {
    let fail = true;
    mockApi({
      'GET /block/get': () =>
        fail
          ? HttpResponse.json({}, { status: 500 })
          : [{ id: 'privacy-policy-html', props: { rawHtml: '<p>Back.</p>' } }],
    });
    renderPage(<PrivacyPolicyPage />, { path: '/privacy-policy' });
    expect(
      await screen.findByRole('heading', { name: 'The privacy policy could not be loaded' }),
    ).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Back.')).toBeInTheDocument());
  });

  it('says so when the server has no such block', async () => {
    mockApi({ 'GET /block/get': [] });
    renderPage(<PrivacyPolicyPage />, { path: '/privacy-policy' });
    expect(await screen.findByRole('heading', { name: 'Privacy policy unavailable' })).toBeInTheDocument();
  });
});
