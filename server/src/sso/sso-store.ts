import type { Db } from '../db/open-database';
import type { SsoChecks } from './relying-party';
import { hashSecret, newSecret } from '../auth/secret-tokens';

/** The identity round trip must finish within 10 minutes of asking for the provider's URL. */
export const SSO_ROUND_TRIP_TTL_MS = 10 * 60 * 1000;

/** A round trip just begun: its checks, and the browser's half of the binding (its cookie). */
export interface SsoRoundTrip extends SsoChecks {
  browserSecret: string;
}

export type SsoRedemption = { ok: true; checks: SsoChecks } | { ok: false; message: string };

const AGAIN = 'Choose "Sign In with SSO" to start again.';

/** What the person reads for each way a round trip cannot be finished. */
export const SSO_ROUND_TRIP_REFUSALS = {
  unknown: `Single sign-on failed: this sign-in was not started from Ezy Rewards. ${AGAIN}`,
  used: `Single sign-on failed: this sign-in link was already used. ${AGAIN}`,
  expired: `Single sign-on failed: the sign-in took longer than 10 minutes and has expired. ${AGAIN}`,
  otherBrowser: `Single sign-on failed: this sign-in was started in another browser. ${AGAIN}`,
} as const;

interface RoundTripRow {
  browser_hash: string;
  code_verifier: string;
  nonce: string;
  expires_at: number;
  used_at: number | null;
}

/**
 * The relying party's round trips (src/sso/relying-party.ts), one per "Sign In with SSO": the state
 * (stored as its hash), the nonce and the PKCE verifier the code must be redeemed with, and the hash
 * of a secret held in the starting browser's cookie, so that the callback counts only in that
 * browser. Single-use: the first attempt to finish one spends it, whatever the outcome, so a
 * replayed callback URL signs nobody in.
 */
export class SsoStore {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  begin(now: number): SsoRoundTrip {
    const trip = {
      state: newSecret(24),
      nonce: newSecret(24),
      codeVerifier: newSecret(48),
      browserSecret: newSecret(24),
    };
    this.#db
      .prepare(
        `INSERT INTO sso_round_trips (state_hash, browser_hash, code_verifier, nonce, created_at, expires_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(
        hashSecret(trip.state),
        hashSecret(trip.browserSecret),
        trip.codeVerifier,
        trip.nonce,
        now,
        now + SSO_ROUND_TRIP_TTL_MS,
      );
    // Abandoned round trips are swept whenever a new one starts; spent ones stay until then, so a
    // replay is told it was used rather than unknown.
    this.#db.prepare('DELETE FROM sso_round_trips WHERE expires_at < ?').run(now - SSO_ROUND_TRIP_TTL_MS);
    return trip;
  }

  /** Spends the round trip of `state`, and returns its checks if this browser may finish it now. */
  redeem(state: string, browserSecret: string | undefined, now: number): SsoRedemption {
    const stateHash = hashSecret(state);
    return this.#db.transaction((): SsoRedemption => {
      const row = this.#db
        .prepare(
          'SELECT browser_hash, code_verifier, nonce, expires_at, used_at FROM sso_round_trips WHERE state_hash = ?',
        )
        .get(stateHash) as RoundTripRow | undefined;
      if (!row) return { ok: false, message: SSO_ROUND_TRIP_REFUSALS.unknown };
      if (row.used_at !== null) return { ok: false, message: SSO_ROUND_TRIP_REFUSALS.used };
      this.#db.prepare('UPDATE sso_round_trips SET used_at = ? WHERE state_hash = ?').run(now, stateHash);
      if (row.expires_at <= now) return { ok: false, message: SSO_ROUND_TRIP_REFUSALS.expired };
      if (browserSecret === undefined || hashSecret(browserSecret) !== row.browser_hash) {
        return { ok: false, message: SSO_ROUND_TRIP_REFUSALS.otherBrowser };
      }
      return { ok: true, checks: { state, nonce: row.nonce, codeVerifier: row.code_verifier } };
    })();
  }
}
