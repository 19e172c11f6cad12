import { leftOut } from './left-out';

// Stands in for zrender/lib/svg/cssAnimation.js and cssEmphasis.js: CSS animation and emphasis
// are written only when an SVG is rendered to a string (server-side rendering); a live chart is
// patched element by element.
export function createCSSAnimation(): never {
  return leftOut('SVG CSS animation');
}
export function createCSSEmphasis(): never {
  return leftOut('SVG CSS emphasis');
}
export const EASING_MAP = {};
export const ANIMATE_STYLE_MAP = {};
