import { readStoredJson, userDataKey, writeStoredJson } from '@promo/domain/device-storage';
import type { PictureNode, PictureRequest } from './chart-picture';

/*
 * The last few chart pictures, kept on the device with what they were drawn from. A return visit
 * whose figures have not changed shows its picture at once, without downloading and starting the
 * worker: the worker's script (about half a megabyte) costs the page's main thread its evaluation
 * and code cache on every visit that needs it. Kept under the user's prefix in localStorage, so
 * signing out removes them; built on the page like any picture, through picture-element.ts's
 * allowlist, so what storage holds is never trusted as markup.
 */

interface KeptPicture {
  /** What it was drawn for, as JSON: the build (drawnBy), the figures, the labels and the box's size. */
  drawnFor: string;
  picture: PictureNode;
}

export const KEPT_PICTURES_KEY = userDataKey('chart-pictures');
/** The tracking view's and a few customers' charts a rep opens in turn. */
export const PICTURES_KEPT = 4;
/** A picture larger than this is not kept: localStorage is small and holds the last screens too. */
const PICTURE_MAX_CHARS = 60_000;

/** The bundler's public path: in a remote, its own versioned folder, one per deployed build. */
declare const __webpack_public_path__: string;

/** Which build drew a picture: a picture is reused only by the build that drew it, not by one whose chart looks different. */
const drawnBy = () => (typeof __webpack_public_path__ === 'string' ? __webpack_public_path__ : '');

const drawnFor = (request: PictureRequest) => JSON.stringify({ by: drawnBy(), request });

const keptPictures = () => readStoredJson<KeptPicture[]>('local', KEPT_PICTURES_KEY) ?? [];

/** The picture drawn before for exactly this request, if one is kept. */
export function keptPicture(request: PictureRequest): PictureNode | undefined {
  const key = drawnFor(request);
  return keptPictures().find((kept) => kept.drawnFor === key)?.picture;
}

/** Keeps `picture` for `request`, the most recent first; a storage that refuses keeps nothing. */
export function keepPicture(request: PictureRequest, picture: PictureNode): void {
  const key = drawnFor(request);
  if (key.length + JSON.stringify(picture).length > PICTURE_MAX_CHARS) return;
  const others = keptPictures().filter((kept) => kept.drawnFor !== key);
  writeStoredJson(
    'local',
    KEPT_PICTURES_KEY,
    [{ drawnFor: key, picture }, ...others].slice(0, PICTURES_KEPT),
  );
}
