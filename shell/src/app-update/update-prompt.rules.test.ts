import { describe, expect, it } from 'vitest';
import {
  initialUpdatePromptState,
  installedWorkerEvent,
  isPromptVisible,
  reloadAction,
  shouldReloadOnControlling,
  updatePromptReducer,
  type UpdatePromptEvent,
  type UpdatePromptState,
} from './update-prompt.rules';

const run = (...events: UpdatePromptEvent[]): UpdatePromptState =>
  events.reduce(updatePromptReducer, initialUpdatePromptState);

describe('updatePromptReducer', () => {
  it('starts with neither flag set and no prompt', () => {
    expect(initialUpdatePromptState.needRefresh).toBe(false);
    expect(initialUpdatePromptState.offlineReady).toBe(false);
    expect(isPromptVisible(initialUpdatePromptState)).toBe(false);
  });

  it('sets offlineReady after the first install and shows no message for it', () => {
    const state = run({ type: 'offline-ready' });
    expect(state.offlineReady).toBe(true);
    expect(state.needRefresh).toBe(false);
    expect(isPromptVisible(state)).toBe(false);
  });

  it('sets needRefresh when a new service worker is waiting, and shows the prompt', () => {
    const state = run({ type: 'worker-waiting' });
    expect(state.needRefresh).toBe(true);
    expect(isPromptVisible(state)).toBe(true);
  });

  it('sets needRefresh when a remote was redeployed', () => {
    const state = run({ type: 'remote-changed' });
    expect(state.needRefresh).toBe(true);
    expect(state.remoteChanged).toBe(true);
    expect(isPromptVisible(state)).toBe(true);
  });

  it('sets both flags false on Close', () => {
    const state = run({ type: 'offline-ready' }, { type: 'worker-waiting' }, { type: 'close' });
    expect(state.needRefresh).toBe(false);
    expect(state.offlineReady).toBe(false);
    expect(isPromptVisible(state)).toBe(false);
  });

  it('shows the prompt again when another update arrives after Close', () => {
    const state = run({ type: 'remote-changed' }, { type: 'close' }, { type: 'remote-changed' });
    expect(isPromptVisible(state)).toBe(true);
  });

  it('marks the prompt as reloading on Reload', () => {
    expect(run({ type: 'worker-waiting' }, { type: 'reload' }).reloading).toBe(true);
  });

  it('ignores Reload when nothing is waiting', () => {
    expect(run({ type: 'reload' })).toEqual(initialUpdatePromptState);
  });
});

describe('reloadAction', () => {
  it('asks the waiting worker to take over when the shell has a new version', () => {
    expect(reloadAction(run({ type: 'worker-waiting' }))).toBe('activate-waiting-worker');
  });

  it('activates the waiting worker when a remote changed as well', () => {
    expect(reloadAction(run({ type: 'remote-changed' }, { type: 'worker-waiting' }))).toBe(
      'activate-waiting-worker',
    );
  });

  it('reloads the page when only a remote changed', () => {
    expect(reloadAction(run({ type: 'remote-changed' }))).toBe('reload-page');
  });
});

describe('shouldReloadOnControlling', () => {
  it('reloads when a new version takes over from the one controlling the page', () => {
    expect(shouldReloadOnControlling({ hadController: true })).toBe(true);
  });

  it('does not reload when the first install takes control', () => {
    expect(shouldReloadOnControlling({ hadController: false })).toBe(false);
  });
});

describe('installedWorkerEvent', () => {
  it('is the first install (offline-ready) when no worker controls the page, nor did when it opened', () => {
    expect(installedWorkerEvent({ controlledNow: false, controlledAtStart: false })).toEqual({
      type: 'offline-ready',
    });
  });

  it('is a waiting new version when a worker controls the page or did when it opened', () => {
    const waiting = { type: 'worker-waiting' };
    expect(installedWorkerEvent({ controlledNow: true, controlledAtStart: true })).toEqual(waiting);
    expect(installedWorkerEvent({ controlledNow: true, controlledAtStart: false })).toEqual(waiting);
    expect(installedWorkerEvent({ controlledNow: false, controlledAtStart: true })).toEqual(waiting);
  });
});
