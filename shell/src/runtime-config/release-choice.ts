/**
 * Which version of each remote this browser is served when it is not simply the current one
 * (docs/decisions/032-release-safety.md): a staged version for the devices its rollout places, and a
 * version named by a preview link. Loaded at start only while a version is staged or a preview is
 * asked for (runtime-config.ts).
 *
 * A preview link names a remote and a version, never a URL: the manifest comes from the
 * environment's own registry, so only a version deployed under the environment's remote origin can
 * load. On a live environment the link also carries the token the deploy tool printed; the registry
 * holds its SHA-256, so the shell checks it without holding any secret, and the token's expiry,
 * after which the link opens nothing.
 */
import { readStored, readStoredJson, writeStored, writeStoredJson } from '@promo/domain/device-storage';
import type { EnvironmentDefinition, RemoteRegistry } from '@promo/domain/environments/environments';
import { rolloutKey, servedVersion } from '@promo/domain/environments/release-placement';
import { isValidVersion, knownVersions } from '@promo/domain/environments/release-rules';
import { REMOTE_NAMES } from '@promo/domain/paths';
import type { RuntimeConfig } from '@promo/domain/remote-contract';
import { deviceId } from './device-id';
import { PREVIEW_KEY, type ReleaseChoice } from './runtime-config';

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The preview a link asked for (`?preview=customer@1.4.2[&token=…]`), kept for the tab's life. */
function previewAsked(search: string): unknown[] | undefined {
  const query = new URLSearchParams(search);
  const asked = query.get('preview');
  if (asked !== null) writeStoredJson('session', PREVIEW_KEY, [asked, query.get('token')]);
  // A copy that does not parse is a preview asked for with nothing valid in it (checkPreview refuses it).
  const saved = readStored('session', PREVIEW_KEY);
  return saved === null ? undefined : (readStoredJson<unknown[]>('session', PREVIEW_KEY) ?? []);
}

/** Whether the preview `[asked, token]` may be followed here: the version to load, or why not. */
async function checkPreview(
  [asked, token]: unknown[],
  env: EnvironmentDefinition,
  registry: RemoteRegistry,
): Promise<NonNullable<RuntimeConfig['preview']>> {
  const [, name, version] = (typeof asked === 'string' && /^([a-z]+)@(.*)$/.exec(asked)) || [];
  const remote = REMOTE_NAMES.find((candidate) => candidate === name);
  if (!remote || !version || !isValidVersion(version)) {
    return { refused: 'A preview link names a section and one of its versions, such as customer@1.4.2.' };
  }
  const release = registry.remotes[remote];
  const ref = knownVersions(release).find((known) => known.version === version);
  const origin = ref && originOf(ref.manifest);
  if (!ref || !origin || !env.remoteOrigins.includes(origin)) {
    return { refused: `${remote} ${version} is not deployed in this environment.` };
  }
  if (env.stage === 'live') {
    const staged = release.staged?.version === version ? release.staged : undefined;
    const hash = staged?.previewTokenHash;
    if (!hash || typeof token !== 'string' || (await sha256Hex(token)) !== hash) {
      return { refused: `This preview link of ${remote} ${version} is not signed for this environment.` };
    }
    // A token with no expiry (signed before tokens had one) has none left: it never lapses otherwise.
    if (!(Date.now() < Date.parse(staged.previewExpires ?? ''))) {
      return { refused: `This preview link of ${remote} ${version} has expired.` };
    }
  }
  return { remote, version, manifest: ref.manifest };
}

/**
 * The versions this browser is served instead of the current ones, and its preview if any. A
 * remote of a signed-in audience places `userId` (the user signed in as the page started) where
 * there is one, the browser otherwise (rolloutKey).
 */
export async function chooseReleases(
  location: Pick<Location, 'search'>,
  env: EnvironmentDefinition,
  registry: RemoteRegistry,
  userId?: string,
): Promise<ReleaseChoice> {
  const ids = { deviceId: deviceId(), userId };
  const served: ReleaseChoice['served'] = {};
  for (const remote of REMOTE_NAMES)
    served[remote] = servedVersion(registry.remotes[remote], remote, rolloutKey(remote, ids));
  const asked = previewAsked(location.search);
  if (!asked) return { served };
  const preview = await checkPreview(asked, env, registry);
  if (preview.remote) served[preview.remote] = preview;
  // A refused preview is forgotten: the next page load serves the current versions, quietly.
  else writeStored('session', PREVIEW_KEY, undefined);
  return { served, preview };
}

/** Ends the preview: the tab goes back to the versions everyone is served. */
export function exitPreview(): void {
  writeStored('session', PREVIEW_KEY, undefined);
  const url = new URL(window.location.href);
  url.searchParams.delete('preview');
  url.searchParams.delete('token');
  window.location.replace(url);
}
