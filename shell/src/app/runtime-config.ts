import type { RuntimeConfig } from '@promo/domain/remote-contract';

/**
 * The environment's configuration is read at run time, so one shell build serves every environment
 * and a remote can be redeployed without rebuilding the shell. The host serving the shell answers
 * /runtime-config.json for its environment.
 */
export async function fetchRuntimeConfig(): Promise<RuntimeConfig> {
  const response = await fetch('/runtime-config.json', { cache: 'no-cache' });
  if (!response.ok)
    throw new Error(`The environment's configuration could not be loaded (${response.status}).`);
  return (await response.json()) as RuntimeConfig;
}
