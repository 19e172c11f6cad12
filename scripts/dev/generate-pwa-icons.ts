/**
 * Draws the web app's icons and writes them to shell/public/icons/, where Rsbuild copies
 * them into the build. Nothing is downloaded: the artwork is the header's "E" logo as SVG, rendered
 * to PNG by the local Chromium. Run it again only when the artwork changes; the PNGs are committed.
 *
 *   npm run dev:icons
 *
 * Chromium's install criteria want PNG icons of 192 and 512 px; a maskable icon keeps its artwork
 * inside the central safe zone (a circle of 40% radius) so any platform mask can crop the rest.
 *
 * Every icon is a PNG, the favicon too: Chromium fetches the favicon and the manifest's icon in the
 * page's renderer, and an SVG one is a document of its own, created and drawn on the page's main
 * thread during its start-up (docs/performance.md, "Images").
 */
import { mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { browserLaunchOptions } from '../ci/browser-launch.ts';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
const out = join(repo, 'shell/public/icons');

const BRAND_BLUE = '#0b4f9c';
/** The header logo's "E" on a 40 × 40 grid (shell/src/layout/header.tsx). */
const E_PATH = 'M12 12h16v4H17v3h9v4h-9v3h11v4H12z';

/** The logo on a rounded blue tile: the "any" icons and the favicon. */
const anyIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="96" fill="${BRAND_BLUE}"/>
  <circle cx="256" cy="256" r="184" fill="#ffffff"/>
  <path d="${E_PATH}" fill="${BRAND_BLUE}" transform="translate(256 256) scale(9) translate(-20 -21)"/>
</svg>
`;

/** Full bleed, the artwork within the safe zone: maskable (Android) and apple-touch-icon (iOS rounds it). */
const maskableIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
  <rect width="512" height="512" fill="${BRAND_BLUE}"/>
  <circle cx="256" cy="256" r="150" fill="#ffffff"/>
  <path d="${E_PATH}" fill="${BRAND_BLUE}" transform="translate(256 256) scale(7.2) translate(-20 -21)"/>
</svg>
`;

const pngs: Array<{ file: string; svg: string; size: number }> = [
  { file: 'icon-192.png', svg: anyIcon, size: 192 },
  { file: 'icon-512.png', svg: anyIcon, size: 512 },
  { file: 'maskable-192.png', svg: maskableIcon, size: 192 },
  { file: 'maskable-512.png', svg: maskableIcon, size: 512 },
  { file: 'apple-touch-icon.png', svg: maskableIcon, size: 180 },
  { file: 'favicon-48.png', svg: anyIcon, size: 48 },
];

await mkdir(out, { recursive: true });
const browser = await chromium.launch(browserLaunchOptions());
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, svg, size } of pngs) {
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">` +
        svg.replace('<svg ', `<svg width="${size}" height="${size}" style="display:block" `) +
        `</body></html>`,
    );
    await page.screenshot({
      path: join(out, file),
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    console.log(`wrote ${join(out, file)}`);
  }
} finally {
  await browser.close();
}
