/** The local ports of `npm start`, from the environment (README "Ports and environment"). */
import type { RemoteName } from '@promo/domain/paths';

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

export const localPorts = () => ({
  shell: port('PORT', 8080),
  public: port('PUBLIC_PORT', 8081),
  customer: port('CUSTOMER_PORT', 8082),
  salesrep: port('SALESREP_PORT', 8083),
  api: port('API_PORT', 3001),
});

export const localHost = () => process.env.HOST ?? 'localhost';

/** https when TLS_CERT_FILE and TLS_KEY_FILE name a certificate (HTTP/2, README "Hosting"). */
export const localScheme = () => (process.env.TLS_CERT_FILE && process.env.TLS_KEY_FILE ? 'https' : 'http');

export const localRemoteOrigin = (remote: RemoteName) =>
  `${localScheme()}://${localHost()}:${localPorts()[remote]}`;

export const localShellOrigin = () => `${localScheme()}://${localHost()}:${localPorts().shell}`;
