import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStored, readStoredJson, writeStored, writeStoredJson } from './device-storage';

/** A Storage over a Map; `refuse` makes every call throw, as a disabled or full storage does. */
function memoryStorage(refuse = false): Storage {
  const items = new Map<string, string>();
  const check = () => {
    if (refuse) throw new DOMException('The storage refused.', 'SecurityError');
  };
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => (check(), items.get(key) ?? null),
    setItem: (key, value) => (check(), void items.set(key, value)),
    removeItem: (key) => (check(), void items.delete(key)),
    clear: () => items.clear(),
  };
}

describe('device storage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps local and session values apart, and removes a key written as undefined', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    vi.stubGlobal('sessionStorage', memoryStorage());
    expect(writeStored('local', 'k', 'device')).toBe(true);
    expect(writeStored('session', 'k', 'tab')).toBe(true);
    expect(readStored('local', 'k')).toBe('device');
    expect(readStored('session', 'k')).toBe('tab');
    writeStored('local', 'k', undefined);
    expect(readStored('local', 'k')).toBeNull();
    expect(readStored('session', 'k')).toBe('tab');
  });

  it('reads back JSON, and an unparsable value as nothing', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    writeStoredJson('local', 'session', { role: 'customer', userid: 'U1' });
    expect(readStoredJson('local', 'session')).toEqual({ role: 'customer', userid: 'U1' });
    writeStored('local', 'session', '{not json');
    expect(readStoredJson('local', 'session')).toBeUndefined();
    writeStoredJson('local', 'session', undefined);
    expect(readStoredJson('local', 'session')).toBeUndefined();
  });

  it('reads a refusing storage as empty and reports its writes as refused, without throwing', () => {
    vi.stubGlobal('localStorage', memoryStorage(true));
    expect(readStored('local', 'k')).toBeNull();
    expect(readStoredJson('local', 'k')).toBeUndefined();
    expect(writeStored('local', 'k', 'v')).toBe(false);
    expect(writeStoredJson('local', 'k', { a: 1 })).toBe(false);
  });
});
