import { createHmac } from 'node:crypto';

/**
 * Who a release-health event counts as: a pseudonym the API derives, never one the client sends
 * (docs/decisions/033-release-health.md, "Who counts").
 *
 * - A signed-in reporter is an HMAC of the user: one person is one reporter however many sessions,
 *   tabs or reports they make, and the stored value names nobody without the server's key.
 * - An anonymous reporter is an HMAC of the client address (an IPv6 address by its /56, as the
 *   throttles take it): every anonymous page behind one address is one reporter, so a client that
 *   invents devices, clears cookies or rewrites X-Forwarded-For (which the edge proxy overwrites)
 *   still counts once.
 */
export interface Reporter {
  id: string;
  signed: boolean;
}

export class ReporterIds {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    this.#key = key;
  }

  #mac(text: string): string {
    // 128 bits: distinct for every reporter a table will ever hold, half the row size of a full MAC.
    return createHmac('sha256', this.#key).update(text).digest('base64url').slice(0, 22);
  }

  signedIn(userId: string): Reporter {
    return { id: this.#mac(`user\n${userId}`), signed: true };
  }

  anonymous(address: string): Reporter {
    return { id: this.#mac(`address\n${address}`), signed: false };
  }
}
