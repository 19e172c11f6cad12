/** The local ports of `npm start`, from the environment (README, "Running pieces on their own"). */
import { localCdnOrigin } from '@promo/domain/environments/environments';
import { hostInUrl } from '@promo/server/dev-endpoints';

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/**
 * The shell's port (the CDN is on the next one, see localCdnOrigin), the API's, and the local
 * identity provider's (scripts/dev/local-sso.ts), by default the one after the API's.
 */
export const localPorts = () => ({
  shell: port('PORT', 8080),
  api: port('API_PORT', 3001),
  sso: port('SSO_PORT', port('API_PORT', 3001) + 1),
});

/** HOST as the hosts listen on it (`::1`, not `[::1]`). */
export const localHost = () => process.env.HOST ?? 'localhost';

/** https when TLS_CERT_FILE and TLS_KEY_FILE name a certificate (HTTP/2, docs/releasing.md, "Hosting"). */
const localScheme = () => (process.env.TLS_CERT_FILE && process.env.TLS_KEY_FILE ? 'https' : 'http');

/** The shell's origin; an IPv6 HOST goes in brackets, as in any URL. */
export const localShellOrigin = () => `${localScheme()}://${hostInUrl(localHost())}:${localPorts().shell}`;

/** The local CDN: the registry and every remote's deployed versions, on the shell's port + 1. */
export const localCdn = () => localCdnOrigin(localShellOrigin());
