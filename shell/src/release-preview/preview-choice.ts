/**
 * Whether a preview link may be followed (docs/decisions/032-release-safety.md). A link names a
 * remote and a version, never a URL: the manifest comes from the environment's own registry, so
 * only a version deployed under the environment's remote origin can load. On a live environment the
 * link also carries the token the deploy tool printed; the registry holds its SHA-256, so the shell
 * checks it without holding any secret.
 */
import type { EnvironmentDefinition, RemoteRegistry } from '@promo/domain/environments/environments';
import { isValidVersion, knownVersions } from '@promo/domain/environments/release-rules';
import { REMOTE_NAMES } from '@promo/domain/paths';
import { PREVIEW_KEY, type PreviewChoice } from '../app/runtime-config';

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

/** `stored`: the preview link's `[preview, token]`, as runtime-config.ts kept them for the tab. */
export async function choosePreview(
  stored: string,
  env: EnvironmentDefinition,
  registry: RemoteRegistry,
): Promise<PreviewChoice> {
  let asked: unknown;
  let token: unknown;
  try {
    [asked, token] = JSON.parse(stored) as unknown[];
  } catch {
    asked = undefined;
  }
  const refuse = (refused: string): PreviewChoice => {
    sessionStorage.removeItem(PREVIEW_KEY);
    return { preview: { refused } };
  };
  const [, name, version] = (typeof asked === 'string' && /^([a-z]+)@(.*)$/.exec(asked)) || [];
  const remote = REMOTE_NAMES.find((candidate) => candidate === name);
  if (!remote || !version || !isValidVersion(version)) {
    return refuse('A preview link names a section and one of its versions, such as customer@1.4.2.');
  }
  const release = registry.remotes[remote];
  const ref = knownVersions(release).find((known) => known.version === version);
  const origin = ref && originOf(ref.manifest);
  if (!ref || !origin || !env.remoteOrigins.includes(origin)) {
    return refuse(`${remote} ${version} is not deployed in this environment.`);
  }
  if (env.stage === 'live') {
    const hash = release.staged?.version === version ? release.staged.previewTokenHash : undefined;
    if (!hash || typeof token !== 'string' || (await sha256Hex(token)) !== hash) {
      return refuse(`This preview link of ${remote} ${version} is not signed for this environment.`);
    }
  }
  return { preview: { remote, version, manifest: ref.manifest } };
}

/** Ends the preview: the tab goes back to the versions everyone is served. */
export function exitPreview(): void {
  sessionStorage.removeItem(PREVIEW_KEY);
  const url = new URL(window.location.href);
  url.searchParams.delete('preview');
  url.searchParams.delete('token');
  window.location.replace(url);
}
