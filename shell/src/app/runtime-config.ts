import {
  registryProblem,
  resolveEnvironment,
  type EnvironmentDefinition,
  type RemoteRegistry,
} from '@promo/domain/environments/environments';
import { fallbackFor, servedVersion, type VersionRef } from '@promo/domain/environments/release-rules';
import { REMOTE_NAMES, type RemoteName } from '@promo/domain/paths';
import type { RuntimeConfig } from '@promo/domain/remote-contract';

/** Remembers a localhost override (?env=bnt-stage) for the tab's life. */
const OVERRIDE_KEY = 'ezy-environment';

function environmentOverride(search: string): string | null {
  const fromQuery = new URLSearchParams(search).get('env');
  if (fromQuery) sessionStorage.setItem(OVERRIDE_KEY, fromQuery);
  return fromQuery ?? sessionStorage.getItem(OVERRIDE_KEY);
}

/** Keeps this browser's anonymous id, which places it in staged rollouts (release-rules.ts). */
const DEVICE_KEY = 'ezy-device';

/**
 * A random id for this browser, kept until its site data is cleared (logout clears it with the rest:
 * the next person on a shared device is placed afresh). Without storage, an id for this page only.
 */
export function deviceId(): string {
  const fresh = () => globalThis.crypto?.randomUUID?.() ?? `${Math.random()}`.slice(2);
  try {
    const kept = localStorage.getItem(DEVICE_KEY);
    if (kept) return kept;
    const id = fresh();
    localStorage.setItem(DEVICE_KEY, id);
    return id;
  } catch {
    return fresh();
  }
}

/** What a preview link asked for, kept for the tab's life (release-preview/preview-choice.ts checks it). */
export interface PreviewChoice {
  preview?: { remote: RemoteName; version: string; manifest: string } | { refused: string };
}

export function toRuntimeConfig(
  env: EnvironmentDefinition,
  registry: RemoteRegistry,
  device: string,
  { preview }: PreviewChoice = {},
): RuntimeConfig {
  const remotes = {} as RuntimeConfig['remotes'];
  const versions = {} as Record<RemoteName, string>;
  const fallbacks: RuntimeConfig['fallbacks'] = {};
  for (const remote of REMOTE_NAMES) {
    const release = registry.remotes[remote];
    const served: VersionRef =
      preview && 'remote' in preview && preview.remote === remote
        ? preview
        : servedVersion(release, remote, device);
    remotes[remote] = served.manifest;
    versions[remote] = served.version;
    const lastGood = fallbackFor(release, served);
    if (lastGood) fallbacks[remote] = lastGood;
  }
  return {
    environment: env.id,
    apiBase: env.apiBase,
    remotes,
    versions,
    fallbacks,
    ...(preview
      ? { preview: 'refused' in preview ? preview : { remote: preview.remote, version: preview.version } }
      : {}),
    // Locally the page's own origin (localEnvironment: the shell's port varies).
    spendProgressParentOrigins: env.spendProgressParents,
  };
}

/** Remembers the preview a link asked for (?preview=customer@1.4.2[&token=…]) for the tab's life. */
export const PREVIEW_KEY = 'ezy-preview';

function previewRequest(search: string): string | null {
  const query = new URLSearchParams(search);
  const asked = query.get('preview');
  if (asked !== null) sessionStorage.setItem(PREVIEW_KEY, JSON.stringify([asked, query.get('token')]));
  return sessionStorage.getItem(PREVIEW_KEY);
}

/** The environment this page runs in (by hostname, or the ?env= override on localhost). */
export function currentEnvironment(location: Location = window.location): EnvironmentDefinition {
  const env = resolveEnvironment(location.origin, environmentOverride(location.search));
  if (!env) throw new Error(`No environment is configured for ${location.hostname}.`);
  return env;
}

let startup: Promise<RuntimeConfig> | undefined;

/**
 * The runtime config this page started with: fetched once, as early as the shell's entry runs
 * (early-loading.ts), and awaited by the bootstrap. Later checks call fetchRuntimeConfig afresh.
 */
export function startupRuntimeConfig(): Promise<RuntimeConfig> {
  return (startup ??= fetchRuntimeConfig());
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
  const registry: unknown = await response.json();
  const problem = registryProblem(registry);
  if (problem) throw new Error(problem);
  const asked = previewRequest(location.search);
  // Only a previewing browser downloads the preview's checks (off every other page's start).
  let choice: PreviewChoice = {};
  if (asked) {
    const { choosePreview } = await import('../release-preview/preview-choice');
    choice = await choosePreview(asked, env, registry as RemoteRegistry);
  }
  return toRuntimeConfig(env, registry as RemoteRegistry, deviceId(), choice);
}
