import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IosInstallBanner } from './ios-install-banner';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('IosInstallBanner', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('explains Add to Home Screen on an iPhone, and stays dismissed for the session', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE_UA);
    const { unmount } = render(<IosInstallBanner />);
    const banner = await screen.findByRole('complementary', { name: 'Install Ezy Rewards' });
    expect(banner).toHaveTextContent('tap the Share button and then Add to Home Screen.');

    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('complementary', { name: 'Install Ezy Rewards' })).not.toBeInTheDocument();

    unmount();
    render(<IosInstallBanner />);
    expect(screen.queryByRole('complementary', { name: 'Install Ezy Rewards' })).not.toBeInTheDocument();
  });

  it('is not shown on other platforms', () => {
    render(<IosInstallBanner />);
    expect(screen.queryByRole('complementary', { name: 'Install Ezy Rewards' })).not.toBeInTheDocument();
  });
});
