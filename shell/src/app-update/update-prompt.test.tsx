import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dispatchUpdatePrompt } from './update-prompt.atoms';
import { UpdatePrompt } from './update-prompt';

function setup() {
  const onReload = vi.fn();
  render(<UpdatePrompt onReload={onReload} />);
  return { onReload };
}

describe('UpdatePrompt', () => {
  it('shows nothing until a new version waits, not even when the app is ready offline', () => {
    setup();
    act(() => dispatchUpdatePrompt({ type: 'offline-ready' }));
    expect(screen.queryByRole('region', { name: 'Update available' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });

  it("shows the product's text, the build date label, Reload and Close when a new version waits", async () => {
    setup();
    act(() => dispatchUpdatePrompt({ type: 'worker-waiting' }));
    const prompt = await screen.findByRole('region', { name: 'Update available' });
    expect(prompt).toHaveTextContent('A new version is available, click on reload button to update.');
    const label = screen.getByTestId('build-date');
    expect(label).toHaveTextContent(/^Version of \d{1,2} \w+ \d{4}, \d{1,2}:\d{2} [AP]M$/);
    expect(label.querySelector('time')).toHaveAttribute('datetime', '1970-01-01T00:00:00.000Z');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Close' })).toBeEnabled();
  });

  it('Reload activates the waiting worker and disables itself while the page reloads', async () => {
    const { onReload } = setup();
    act(() => dispatchUpdatePrompt({ type: 'worker-waiting' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledWith('activate-waiting-worker');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeDisabled();
  });

  it('Reload reloads the page when only a remote was redeployed', async () => {
    const { onReload } = setup();
    act(() => dispatchUpdatePrompt({ type: 'remote-changed' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledWith('reload-page');
  });

  it('Close dismisses the prompt', async () => {
    setup();
    act(() => dispatchUpdatePrompt({ type: 'worker-waiting' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Update available' })).not.toBeInTheDocument();
  });
});
