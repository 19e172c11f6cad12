import { normalizeIP, type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/**
 * Throttling of the calls a grinder repeats: password sign-in, forgot-password and signup, and of
 * the release-health reports a flood would repeat (server/README.md "Throttling"). Counting and windows go through @fastify/rate-limit's limiter,
 * over a store of our own that reads the app's clock (tests move it across windows) and can forget
 * or give back an attempt (a successful sign-in).
 */

/** At most `max` attempts in a window of `windowMs` that opens with the first one. */
export interface Limit {
  max: number;
  /** ms */
  windowMs: number;
}

export interface ThrottleLimits {
  /** Failed password sign-ins for one e-mail address, known or not. */
  signInPerAccount: Limit;
  /** Failed password sign-ins from one client address, whatever the account. */
  signInPerAddress: Limit;
  forgotPasswordPerEmail: Limit;
  forgotPasswordPerAddress: Limit;
  signupPerEmail: Limit;
  signupPerAddress: Limit;
  /** Release-health reports (POST /telemetry) from one client address, whatever they hold. */
  telemetryPerAddress: Limit;
  /** Notification preference changes and one-click unsubscribes from one client address. */
  notificationsPerAddress: Limit;
}

const MINUTE = 60_000;

/**
 * Far above what a person does (a few mistyped passwords, a reset link asked for twice, one
 * registration), far below what a script needs. The per-address limits are higher than the
 * per-account ones: an office's staff share one address.
 */
export const DEFAULT_THROTTLE_LIMITS: ThrottleLimits = {
  signInPerAccount: { max: 5, windowMs: MINUTE },
  signInPerAddress: { max: 50, windowMs: 15 * MINUTE },
  forgotPasswordPerEmail: { max: 3, windowMs: 15 * MINUTE },
  forgotPasswordPerAddress: { max: 20, windowMs: 15 * MINUTE },
  signupPerEmail: { max: 3, windowMs: 15 * MINUTE },
  signupPerAddress: { max: 20, windowMs: 15 * MINUTE },
  // A page sends a report when it is hidden and when a batch fills: a few a minute per browser, so
  // this leaves room for an office of people behind one address (docs/decisions/033-release-health.md).
  telemetryPerAddress: { max: 120, windowMs: MINUTE },
  // A person toggles a few switches; a mail client's unsubscribe is one request.
  notificationsPerAddress: { max: 60, windowMs: MINUTE },
};

/** The environment variable that overrides each limit, as `<max>/<window>` (`5/1m`, `20/15m`, `100/1h`). */
const THROTTLE_ENV: Record<keyof ThrottleLimits, string> = {
  signInPerAccount: 'LIMIT_SIGN_IN_PER_ACCOUNT',
  signInPerAddress: 'LIMIT_SIGN_IN_PER_ADDRESS',
  forgotPasswordPerEmail: 'LIMIT_FORGOT_PASSWORD_PER_EMAIL',
  forgotPasswordPerAddress: 'LIMIT_FORGOT_PASSWORD_PER_ADDRESS',
  signupPerEmail: 'LIMIT_SIGNUP_PER_EMAIL',
  signupPerAddress: 'LIMIT_SIGNUP_PER_ADDRESS',
  telemetryPerAddress: 'LIMIT_TELEMETRY_PER_ADDRESS',
  notificationsPerAddress: 'LIMIT_NOTIFICATIONS_PER_ADDRESS',
};

const UNIT_MS = { s: 1000, m: MINUTE, h: 60 * MINUTE } as const;

/** `5/1m` → 5 in a minute; a limit of 0 attempts or a window of 0 would lock everyone out. */
export function parseLimit(text: string): Limit | undefined {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*([smh])\s*$/.exec(text);
  if (!match) return undefined;
  const max = Number(match[1]);
  const windowMs = Number(match[2]) * UNIT_MS[match[3] as keyof typeof UNIT_MS];
  return max >= 1 && windowMs >= 1000 ? { max, windowMs } : undefined;
}

/** The limits, each from its variable when set. Throws naming the variable when one is not a limit. */
export function throttleLimitsFromEnv(env: Record<string, string | undefined>): ThrottleLimits {
  const limits = { ...DEFAULT_THROTTLE_LIMITS };
  for (const name of Object.keys(THROTTLE_ENV) as (keyof ThrottleLimits)[]) {
    const value = env[THROTTLE_ENV[name]];
    if (value === undefined || value.trim() === '') continue;
    const limit = parseLimit(value);
    if (!limit)
      throw new Error(
        `${THROTTLE_ENV[name]} must be <max>/<window> with a window in s, m or h (e.g. 5/1m), got "${value}".`,
      );
    limits[name] = limit;
  }
  return limits;
}

interface Window {
  count: number;
  /** epoch ms */
  opensAt: number;
  windowMs: number;
}

/**
 * Attempt counts in fixed windows that open with the first attempt, on the app's clock. In memory:
 * one process, and a restart forgives everyone. The oldest entries make way past `capacity`, so a
 * flood of invented e-mail addresses cannot grow it without bound.
 */
export class AttemptCounters {
  readonly #windows = new Map<string, Window>();
  readonly #now: () => number;
  readonly #capacity: number;

  constructor(now: () => number, capacity = 50_000) {
    this.#now = now;
    this.#capacity = capacity;
  }

  #alive(key: string): Window | undefined {
    const window = this.#windows.get(key);
    if (window && window.opensAt + window.windowMs > this.#now()) return window;
    if (window) this.#windows.delete(key);
    return undefined;
  }

  #ttl(window: Window): number {
    return window.opensAt + window.windowMs - this.#now();
  }

  /** Counts one attempt; the count so far in its window and the ms until that window closes. */
  incr(key: string, windowMs: number): { current: number; ttl: number } {
    const window = this.#alive(key) ?? { count: 0, opensAt: this.#now(), windowMs };
    window.count += 1;
    // Re-inserted, so the Map's order is least recently counted first.
    this.#windows.delete(key);
    this.#windows.set(key, window);
    for (const oldest of this.#windows.keys()) {
      if (this.#windows.size <= this.#capacity) break;
      this.#windows.delete(oldest);
    }
    return { current: window.count, ttl: this.#ttl(window) };
  }

  read(key: string): { current: number; ttl: number } {
    const window = this.#alive(key);
    return window ? { current: window.count, ttl: this.#ttl(window) } : { current: 0, ttl: 0 };
  }

  /** When the window counting `key` opened (epoch ms), while it is open: it names that window. */
  openedAt(key: string): number | undefined {
    return this.#alive(key)?.opensAt;
  }

  /** Takes one attempt back (one that turned out not to count). */
  giveBack(key: string): void {
    const window = this.#alive(key);
    if (window && window.count > 0) window.count -= 1;
  }

  /** Starts afresh. */
  forget(key: string): void {
    this.#windows.delete(key);
  }
}

/** A @fastify/rate-limit store over the counters: every limiter of the app shares them (keys carry the limiter's name). */
export function attemptStore(counters: AttemptCounters): FastifyRateLimitStoreCtor {
  return class AttemptStore implements FastifyRateLimitStore {
    incr(key: string, callback: StoreCallback, timeWindow: number): void {
      callback(null, counters.incr(key, timeWindow));
    }

    /** The limiter's `{ increment: false }`: a look without counting. */
    read(key: string, callback: StoreCallback): void {
      callback(null, counters.read(key));
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

type StoreCallback = Parameters<FastifyRateLimitStore['incr']>[1];

export class TooManyRequestsError extends HttpError {
  /** Whole seconds until the window closes: the Retry-After header. */
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds: number) {
    super(429, message);
    this.name = 'TooManyRequestsError';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** 'Try again in …' in words a person reads: whole minutes rounded up, hours past 90 minutes. */
export function waitInWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes > 90) {
    const hours = Math.ceil(minutes / 60);
    return `${hours} hours`;
  }
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The 429 for `attempts` ('sign-in attempts'), with the wait in words and in Retry-After. */
function tooManyAttempts(attempts: string, retryAfterSeconds: number): TooManyRequestsError {
  return new TooManyRequestsError(
    `Too many ${attempts}. Try again in ${waitInWords(retryAfterSeconds)}.`,
    retryAfterSeconds,
  );
}

/**
 * The prefix an IPv6 client is known by. One subscriber's line is handed a /56 (or a /48), and
 * every /64 inside it is theirs to use: counted by /64, one client would be 256 clients to every
 * limit (docs/decisions/043-one-client-address.md).
 */
const IPV6_CLIENT_PREFIX = 56;

/**
 * The client's address as every per-address limit and the release-health reporter count it: the
 * socket's, or the one the trusted proxy names (Fastify's trustProxy); an IPv4 address written as
 * IPv6 (`::ffff:198.51.100.1`) is that IPv4 address, and an IPv6 one is its /56.
 */
export const clientAddress = (request: FastifyRequest) => normalizeIP(request.ip, IPV6_CLIENT_PREFIX);

export interface Throttle {
  /** This request's key in the counters. */
  key: (request: FastifyRequest) => string;
  /** Counts the request; the seconds to wait when it is over the limit, else undefined. */
  count: (request: FastifyRequest) => Promise<number | undefined>;
}

/**
 * One limit on one key of a request (its client address, the e-mail it names). Requires
 * @fastify/rate-limit registered with attemptStore.
 */
export function createThrottle(
  app: FastifyInstance,
  name: string,
  limit: Limit,
  subject: (request: FastifyRequest) => string,
): Throttle {
  const key = (request: FastifyRequest) => `${name}:${subject(request)}`;
  const limiter = app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: key });
  return {
    key,
    count: async (request) => {
      const result = await limiter(request);
      return !result.isAllowed && result.isExceeded ? Math.max(1, result.ttlInSeconds) : undefined;
    },
  };
}

/**
 * Counts the request against every throttle (all of them, so a refused attempt still counts where
 * it is not yet refused); throws the 429 of the longest wait when any is over its limit.
 */
export async function enforce(
  request: FastifyRequest,
  throttles: readonly Throttle[],
  attempts: string,
): Promise<void> {
  const waits = await Promise.all(throttles.map((throttle) => throttle.count(request)));
  const refused = waits.filter((wait): wait is number => wait !== undefined);
  if (refused.length > 0) throw tooManyAttempts(attempts, Math.max(...refused));
}

/**
 * Password sign-in's throttle: it stops guessing, not the people who share an address
 * (docs/decisions/043-one-client-address.md).
 *
 * - An attempt is counted against its account and its address before the password is checked, so
 *   guesses sent at once cannot all slip in under a limit. One refused by either limit is counted
 *   nowhere: no password was checked, and a burst at one locked account must not fill its
 *   address's count and refuse everyone behind it.
 * - The right password starts the account's count afresh and takes its attempt back from the
 *   address. A wrong one stays counted against the account, and against the address only while
 *   that account's failures from there, in the address's window, are within the account limit's
 *   count: guessing one account is the account limit's to stop, and only guessing many accounts
 *   fills the address's count.
 *
 * @fastify/rate-limit's limiters count every key; what they cannot express is an attempt counted
 * and then taken back, which the counters do (AttemptCounters.giveBack and forget).
 */
export interface SignInThrottle {
  /** Counts the attempt as pending; throws the 429 when its account or its address is over the limit. */
  admit: (request: FastifyRequest) => Promise<void>;
  /** The right password: the attempt counts nowhere, and the account starts afresh. */
  succeeded: (request: FastifyRequest) => void;
  /** A wrong password (or no password to check): the attempt stays counted. */
  failed: (request: FastifyRequest) => Promise<void>;
}

export function createSignInThrottle(
  app: FastifyInstance,
  counters: AttemptCounters,
  limits: Pick<ThrottleLimits, 'signInPerAccount' | 'signInPerAddress'>,
): SignInThrottle {
  // Keyed by the e-mail as typed (normalised), known or not, so a refusal says nothing about
  // whether the account exists.
  const account = createThrottle(app, 'sign-in-account', limits.signInPerAccount, submittedEmail);
  const address = createThrottle(app, 'sign-in-address', limits.signInPerAddress, clientAddress);
  // How many of one account's failures its address has counted in the address's current window
  // (the key names the window), so that no account counts there more than the account limit allows.
  const share = createThrottle(
    app,
    'sign-in-address-account',
    { max: limits.signInPerAccount.max, windowMs: limits.signInPerAddress.windowMs },
    (request) =>
      `${clientAddress(request)}\n${counters.openedAt(address.key(request))}\n${submittedEmail(request)}`,
  );
  return {
    admit: async (request) => {
      const accountWait = await account.count(request);
      if (accountWait !== undefined) {
        counters.giveBack(account.key(request));
        throw tooManyAttempts('sign-in attempts', accountWait);
      }
      const addressWait = await address.count(request);
      if (addressWait !== undefined) {
        counters.giveBack(account.key(request));
        counters.giveBack(address.key(request));
        throw tooManyAttempts('sign-in attempts', addressWait);
      }
    },
    succeeded: (request) => {
      counters.forget(account.key(request));
      counters.giveBack(address.key(request));
    },
    failed: async (request) => {
      // A window closed while the password was checked holds nothing of this attempt to take back.
      if (counters.openedAt(address.key(request)) === undefined) return;
      if ((await share.count(request)) !== undefined) counters.giveBack(address.key(request));
    },
  };
}

/** The e-mail a body names, as the user store looks it up (trimmed, lower case); '' when there is none. */
export function submittedEmail(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}
