/** The dev endpoints of the API that `npm start` and `npm run serve` start (scripts/dev/start.ts). */
import { devEndpointsFromEnv, devEndpointsRefusal } from '@promo/server/dev-endpoints';

export interface LocalDevEndpoints {
  /** DEV_ENDPOINTS for the API's environment. */
  value: string;
  on: boolean;
  /** The start-up line that says whether they are on, and why. */
  line: string;
}

/**
 * On unless DEV_ENDPOINTS (unset or empty counts as not set) says otherwise: the local demo's
 * flows need them (the mailbox holds the registration and reset links, the end-to-end suites make
 * fixtures). The shell proxies /api to the API, so the
 * shell's address (`shellHost`, HOST) must be loopback as well as the API's, which the API checks
 * itself. Throws the reason, naming the variables, when they may not be on.
 */
export function localDevEndpoints(
  env: Record<string, string | undefined>,
  shellHost: string,
): LocalDevEndpoints {
  const chosen = (env.DEV_ENDPOINTS ?? '').trim() !== '';
  const value = chosen ? (env.DEV_ENDPOINTS as string) : '1';
  if (!devEndpointsFromEnv({ DEV_ENDPOINTS: value })) {
    return {
      value,
      on: false,
      line: `Dev endpoints off (DEV_ENDPOINTS=${value}): no demo mailbox or test fixtures.`,
    };
  }
  const setting = chosen
    ? `DEV_ENDPOINTS=${value}`
    : 'DEV_ENDPOINTS=1, the default of npm start and npm run serve';
  const refusal = devEndpointsRefusal({
    setting: chosen ? setting : `${setting},`,
    hostVariable: 'HOST',
    host: shellHost,
    nodeEnv: env.NODE_ENV,
  });
  if (refusal) throw new Error(refusal);
  return {
    value,
    on: true,
    line:
      `Dev endpoints on (${setting}): the demo mailbox and test fixtures, ` +
      'so every demo flow works on this machine. Never on a server others can reach.',
  };
}
