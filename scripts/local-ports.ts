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

export const localRemoteOrigin = (remote: RemoteName) => `http://${localHost()}:${localPorts()[remote]}`;

export const localShellOrigin = () => `http://${localHost()}:${localPorts().shell}`;
