import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  /** epoch ms; Infinity for what never expires. */
  expiresAt: number;
}

/**
 * The local identity provider's memory (src/sso/local-provider.ts): sessions, interactions, codes
 * and grants of one `npm start`, gone when it stops, which is all a provider on a developer's
 * machine needs. One instance per provider, so two providers in one process (tests) never share it.
 */
export function memoryStore(): (model: string) => Adapter {
  const entries = new Map<string, Entry>();

  const live = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };
  const findBy = (model: string, field: 'uid' | 'userCode', value: string) => {
    for (const key of entries.keys()) {
      const payload = key.startsWith(`${model}:`) ? live(key) : undefined;
      if (payload?.[field] === value) return payload;
    }
    return undefined;
  };

  return (model) => {
    const key = (id: string) => `${model}:${id}`;
    return {
      upsert: async (id, payload, expiresIn) => {
        entries.set(key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity });
      },
      find: async (id) => live(key(id)),
      findByUid: async (uid) => findBy(model, 'uid', uid),
      findByUserCode: async (userCode) => findBy(model, 'userCode', userCode),
      consume: async (id) => {
        const payload = live(key(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      destroy: async (id) => {
        entries.delete(key(id));
      },
      // Every token of a grant goes with it, whichever model stored it.
      revokeByGrantId: async (grantId) => {
        for (const [entryKey, entry] of entries) {
          if (entry.payload.grantId === grantId) entries.delete(entryKey);
        }
      },
    };
  };
}
