import { AccountStore } from '../accounts/account-store';
import { AuditStore } from '../audit/audit-store';
import { EmailTokenStore } from '../auth/email-token-store';
import { SessionStore } from '../auth/session-store';
import { SsoStore } from '../sso/sso-store';
import type { OidcSettings } from '../sso/oidc-settings';
import type { RelyingParty } from '../sso/relying-party';
import { ContentStore } from '../content/content-store';
import type { Db } from '../db/open-database';
import { FormSubmissionStore } from '../forms/form-submission-store';
import { allowedOrigins } from './cross-site';
import type { OwnHosts } from './dev-endpoints';
import { AttemptCounters, DEFAULT_THROTTLE_LIMITS, type ThrottleLimits } from './throttle';
import { NotificationStore } from '../notifications/notification-store';
import type { PushSender } from '../notifications/notify-job';
import { DEFAULT_PUSH_ENDPOINT_HOSTS, type PushEndpointPolicy } from '../notifications/push/push-endpoints';
import { createPushSender } from '../notifications/push/push-sender';
import { PushStore } from '../notifications/push/push-store';
import { OutboxStore } from '../outbox/outbox-store';
import { PromotionStore } from '../promotions/promotion-store';
import { fetchedRegistries, type ReleaseRegistries } from '../release-health/release-registries';
import { DEFAULT_REPORT_CAPS, type ReportCaps } from '../release-health/report-caps';
import { InvitationStore } from '../users/invitation-store';
import { UserStore } from '../users/user-store';

export interface AppOptions {
  db: Db;
  /** The clock, in epoch ms; tests move it to cross lock times and expiries. */
  now?: () => number;
  /** The /api/v1/dev/* routes (outbox, fixtures, notification clock). */
  devEndpoints: boolean;
  /** Origin the browser uses (the shell); e-mail links and the SSO callback are built on it. */
  publicOrigin?: string;
  /**
   * Where main.ts listens (API_HOST). With the dev endpoints on, requests must name this machine in
   * Host: its own names or this one, on the port they came in on or an origin's (ownHosts).
   */
  listenHost?: string;
  /** Adds `Secure` to the session cookie; on in production. */
  secureCookies?: boolean;
  /** Fastify's logger; off unless main.ts turns it on. */
  logger?: boolean | { level: string };
  /** Origins besides `publicOrigin` whose pages may make state-changing calls (src/http/cross-site.ts). */
  allowedOrigins?: string[];
  /**
   * The proxies whose X-Forwarded-For names the client (Fastify's `trustProxy`: addresses, CIDR
   * ranges or proxy-addr's names, comma-separated). Default `loopback`: the local proxy of `npm start`.
   */
  trustProxy?: string;
  /** Throttling limits (src/http/throttle.ts); each defaults to DEFAULT_THROTTLE_LIMITS. */
  throttle?: Partial<ThrottleLimits>;
  /**
   * Where the API reads each environment's remote registry, to count release-health reports only
   * for versions it names (src/release-health/release-registries.ts). Default: fetched from each
   * environment's registryUrl, the local one beside `publicOrigin`.
   */
  releaseRegistries?: ReleaseRegistries;
  /** Caps on stored release-health events (src/release-health/report-caps.ts). */
  reportCaps?: Partial<ReportCaps>;
  /** SMTP_URL: notification e-mails go there too, besides the outbox (src/notifications/smtp-mailer.ts). */
  smtpUrl?: string;
  /** The Web Push sender the notification job uses (default: src/notifications/push/push-sender.ts). */
  pushSender?: PushSender;
  /** PUSH_ENDPOINT_HOSTS: the push services a subscription may name (src/notifications/push/push-endpoints.ts). */
  pushEndpointHosts?: readonly string[];
  /** PUSH_TEST_ORIGINS: loopback push receivers of tests, honoured only with the dev endpoints on. */
  pushTestOrigins?: readonly string[];
  /** VAPID_SUBJECT: the contact push services see (mailto: or https:). */
  vapidSubject?: string;
  /** The OIDC_* settings (src/sso/oidc-settings.ts): reps sign in through that provider; without, SSO answers 503. */
  oidc?: OidcSettings;
}

/** Everything a route needs, built once per app. */
export interface AppContext {
  db: Db;
  now: () => number;
  devEndpoints: boolean;
  publicOrigin: string;
  /** The origins whose pages may change state: publicOrigin and the allowed ones (src/http/cross-site.ts). */
  origins: ReadonlySet<string>;
  /**
   * With the dev endpoints on, the names and ports requests may name in Host, directly or through a
   * proxy's X-Forwarded-Host (src/http/dev-endpoints.ts foreignHostRefusal): the origins' and the
   * listening host's; the port a request came in on is its own too.
   */
  ownHosts: OwnHosts;
  secureCookies: boolean;
  throttle: ThrottleLimits;
  attempts: AttemptCounters;
  releaseRegistries: ReleaseRegistries;
  reportCaps: ReportCaps;
  accounts: AccountStore;
  users: UserStore;
  invitations: InvitationStore;
  sessions: SessionStore;
  promotions: PromotionStore;
  emailTokens: EmailTokenStore;
  sso: SsoStore;
  /** With the OIDC_* settings: the app as the provider's client (src/sso/relying-party.ts), made by buildApp. */
  relyingParty?: RelyingParty;
  outbox: OutboxStore;
  audit: AuditStore;
  content: ContentStore;
  formSubmissions: FormSubmissionStore;
  notifications: NotificationStore;
  smtpUrl?: string;
  push: PushStore;
  /** Where a push may go: the known push services, and PUSH_TEST_ORIGINS with the dev endpoints on (tests). */
  pushEndpoints: PushEndpointPolicy;
  pushSender: PushSender;
}

/** The VAPID contact when VAPID_SUBJECT is not set. */
export const DEFAULT_VAPID_SUBJECT = 'mailto:support@ezyrewards.example';

export const DEFAULT_PUBLIC_ORIGIN = 'http://localhost:8080';

/** The origins' names and ports, and the listening host's name. */
function ownHostsOf(origins: ReadonlySet<string>, listenHost: string | undefined): OwnHosts {
  const urls = [...origins].map((origin) => new URL(origin));
  return {
    names: [...urls.map((url) => url.hostname), ...(listenHost ? [listenHost] : [])],
    ports: [...new Set(urls.map((url) => Number(url.port || (url.protocol === 'https:' ? 443 : 80))))],
  };
}

export function createContext(options: AppOptions): AppContext {
  const publicOrigin = (options.publicOrigin ?? DEFAULT_PUBLIC_ORIGIN).replace(/\/$/, '');
  const now = options.now ?? Date.now;
  const push = new PushStore(options.db);
  const origins = allowedOrigins(publicOrigin, options.allowedOrigins);
  const pushEndpoints: PushEndpointPolicy = {
    hosts: options.pushEndpointHosts ?? DEFAULT_PUSH_ENDPOINT_HOSTS,
    testOrigins: options.devEndpoints ? (options.pushTestOrigins ?? []) : [],
  };
  return {
    db: options.db,
    now,
    devEndpoints: options.devEndpoints,
    publicOrigin,
    origins,
    ownHosts: ownHostsOf(origins, options.listenHost),
    secureCookies: options.secureCookies ?? false,
    throttle: { ...DEFAULT_THROTTLE_LIMITS, ...options.throttle },
    attempts: new AttemptCounters(now),
    releaseRegistries: options.releaseRegistries ?? fetchedRegistries(publicOrigin, { now }),
    reportCaps: { ...DEFAULT_REPORT_CAPS, ...options.reportCaps },
    accounts: new AccountStore(options.db),
    users: new UserStore(options.db),
    invitations: new InvitationStore(options.db),
    sessions: new SessionStore(options.db),
    promotions: new PromotionStore(options.db),
    emailTokens: new EmailTokenStore(options.db),
    sso: new SsoStore(options.db),
    outbox: new OutboxStore(options.db, publicOrigin),
    audit: new AuditStore(options.db),
    content: new ContentStore(options.db),
    formSubmissions: new FormSubmissionStore(options.db),
    notifications: new NotificationStore(options.db),
    ...(options.smtpUrl ? { smtpUrl: options.smtpUrl } : {}),
    push,
    pushEndpoints,
    pushSender:
      options.pushSender ??
      createPushSender({
        store: push,
        now,
        subject: options.vapidSubject ?? DEFAULT_VAPID_SUBJECT,
        ...pushEndpoints,
      }),
  };
}
