import {
  registryProblem,
  resolveEnvironment,
  type EnvironmentDefinition,
  type RemoteRegistry,
} from '@promo/domain/environments/environments';
import { REMOTE_NAMES, type RemoteName } from '@promo/domain/paths';
import type { RuntimeConfig } from '@promo/domain/remote-contract';
import { readStored, readStoredJson, writeStored, writeStoredJson } from '@promo/domain/device-storage';

/** Remembers a localhost override (?env=bnt-stage) for the tab's life. */
const OVERRIDE_KEY = 'ezy-environment';

function environmentOverride(search: string): string | null {
  const fromQuery = new URLSearchParams(search).get('env');
  if (fromQuery) writeStored('session', OVERRIDE_KEY, fromQuery);
  return fromQuery ?? readStored('session', OVERRIDE_KEY);
}

/** The versions served to this browser where they are not the current ones (release-choice.ts). */
export interface ReleaseChoice {
  served: Partial<Record<RemoteName, { version: string; manifest: string }>>;
  preview?: RuntimeConfig['preview'];
}

export function toRuntimeConfig(
  env: EnvironmentDefinition,
  registry: RemoteRegistry,
  choice?: ReleaseChoice,
): RuntimeConfig {
  const remotes = {} as RuntimeConfig['remotes'];
  const versions = {} as Record<RemoteName, string>;
  const fallbacks: RuntimeConfig['fallbacks'] = {};
  for (const remote of REMOTE_NAMES) {
    const release = registry.remotes[remote];
    const { version, manifest } = choice?.served[remote] ?? release;
    remotes[remote] = manifest;
    versions[remote] = version;
    // The last good version, where it is not the one served (docs/decisions/032-release-safety.md).
    if (release.lastGood && release.lastGood.version !== version) fallbacks[remote] = release.lastGood;
  }
  return {
    environment: env.id,
    apiBase: env.apiBase,
    remotes,
    versions,
    fallbacks,
    ...(choice?.preview && { preview: choice.preview }),
    // Locally the page's own origin (localEnvironment: the shell's port varies).
    spendProgressParentOrigins: env.spendProgressParents,
  };
}

/** Remembers the preview a link asked for (?preview=customer@1.4.2[&token=…]) for the tab's life. */
export const PREVIEW_KEY = 'ezy-preview';

/** The environment this page runs in (by hostname, or the ?env= override on localhost). */
export function currentEnvironment(location: Location = window.location): EnvironmentDefinition {
  const env = resolveEnvironment(location.origin, environmentOverride(location.search));
  if (!env) throw new Error(`No environment is configured for ${location.hostname}.`);
  return env;
}

let rolloutUser: string | undefined;

/**
 * The signed-in user this page's staged rollouts place by (rolloutKey in
 * @promo/domain/environments/release-placement): the one saved on the device as the page starts,
 * so the API, which knows who sent a report, counts it for the version the shell served them. Set
 * once, before the first look at the registry, and kept for the page's life: the update prompt's
 * later looks then serve the same versions.
 */
export function placeRolloutsFor(userId: string | undefined): void {
  rolloutUser = userId;
}

let startup: Promise<RuntimeConfig> | undefined;
let startedFromSaved = false;

/**
 * The runtime config this page started with: asked for once, as early as the shell's entry runs
 * (early-loading.ts), and awaited by the bootstrap.
 *
 * A page the service worker controls starts from the device's copy of the registry, so a return
 * visit waits on no network before its first screen (docs/decisions/009-offline-and-updates.md).
 * Once that screen is up, the update prompt's check fetches the registry (fetchRuntimeConfig), which refreshes
 * that copy, and the update prompt offers a remote it names anew. A first visit, or a browser
 * without the worker, fetches it.
 */
export function startupRuntimeConfig(location: Location = window.location): Promise<RuntimeConfig> {
  startup ??= savedRuntimeConfig(location).then((saved) => {
    if (!saved) return fetchRuntimeConfig(location);
    startedFromSaved = true;
    return saved;
  });
  return startup;
}

/** Whether this page started from the device's copy of the registry (a fresher one may exist). */
export const startedFromSavedRegistry = () => startedFromSaved;

/** Whether the service worker answers this page: it has been here before and the app's code is on the device. */
export const isControlledByWorker = () =>
  'serviceWorker' in navigator && navigator.serviceWorker.controller !== null;

/**
 * The device's copy of each environment's registry: the last one this device fetched. A return
 * visit starts from it (startupRuntimeConfig); localStorage answers at once, where Cache Storage's
 * first read on a page took 500 ms with the CPU slowed 4x, and held the remote's download back
 * (docs/decisions/009-offline-and-updates.md).
 */
const savedRegistryKey = (env: EnvironmentDefinition) => `ezy-registry:${env.registryUrl}`;

/** The registry this device last fetched for this environment; undefined without one. */
async function savedRuntimeConfig(location: Location): Promise<RuntimeConfig | undefined> {
  // A preview link may name a version published since the copy was saved.
  if (!isControlledByWorker() || location.search.includes('preview=')) return undefined;
  try {
    const env = currentEnvironment(location);
    const saved = readStoredJson<unknown>('local', savedRegistryKey(env));
    return saved === undefined ? undefined : await runtimeConfigFrom(env, saved, location);
  } catch {
    return undefined; // an unreadable copy: the network answers instead
  }
}

/**
 * One shell build serves every environment: the hostname picks the environment from the table in
 * promo-domain, and the environment's remote registry says where each remote's current version is.
 * Deploying or rolling back a remote repoints the registry; the shell is never rebuilt for it.
 */
export async function fetchRuntimeConfig(location: Location = window.location): Promise<RuntimeConfig> {
  const env = currentEnvironment(location);
  const response = await fetch(env.registryUrl, { cache: 'no-cache' });
  if (!response.ok)
    throw new Error(`The ${env.id} remote registry could not be loaded (${response.status}).`);
  const registry = (await response.json()) as unknown;
  const config = await runtimeConfigFrom(env, registry, location);
  // Kept only once it has proved usable: a broken registry is never a later start's copy.
  writeStoredJson('local', savedRegistryKey(env), registry);
  return config;
}

async function runtimeConfigFrom(
  env: EnvironmentDefinition,
  registry: unknown,
  location: Location,
): Promise<RuntimeConfig> {
  const problem = registryProblem(registry);
  if (problem) throw new Error(problem);
  const { remotes } = registry as RemoteRegistry;
  // Only a browser following a preview link, or during a staged rollout, downloads the rules that
  // pick another version than the current one: no start-up pays for them otherwise.
  const choice =
    location.search.includes('preview=') ||
    readStored('session', PREVIEW_KEY) ||
    REMOTE_NAMES.some((remote) => remotes[remote].staged)
      ? await (
          await import('./release-choice')
        ).chooseReleases(location, env, registry as RemoteRegistry, rolloutUser)
      : undefined;
  return toRuntimeConfig(env, registry as RemoteRegistry, choice);
}
