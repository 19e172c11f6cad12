import { readStored, writeStored } from '@promo/domain/device-storage';

/** Keeps this browser's anonymous id, which places it in staged rollouts (rolloutBucket). */
const DEVICE_KEY = 'ezy-device';

/**
 * A random id for this browser, kept until its site data is cleared (logout clears it with the rest:
 * the next person on a shared device is placed afresh). Without storage, an id for this page only.
 * Release reports carry it, so the API can tell which version of a remote anyone opens this browser
 * was served (docs/decisions/033-release-health.md, "What counts").
 */
export function deviceId(): string {
  const saved = readStored('local', DEVICE_KEY);
  if (saved) return saved;
  const id = crypto.randomUUID();
  return writeStored('local', DEVICE_KEY, id) ? id : `${Math.random()}`;
}
