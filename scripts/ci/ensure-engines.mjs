#!/usr/bin/env node
// Makes sure the browsers of the cross-engine tests (e2e/engines/) are installed, the way
// scripts/ci/ensure-browser.mjs does for Chromium: Debian's packages, installed through apt-get when
// run as root, else a failure that names them. Nothing is downloaded from anywhere else: Firefox is
// driven by puppeteer-core over WebDriver BiDi (no geckodriver), WebKit by the WebKitWebDriver that
// comes with WebKitGTK.
//
//   node scripts/ci/ensure-engines.mjs [firefox] [webkit]   (both when none is named)
//
// Plain Node, no dependencies: it runs before anything else is known to work.
import { aptInstall, canInstallWithApt, isExecutable } from './system-packages.mjs';

/** Each engine's executables, and the Debian package that brings each. */
export const ENGINE_PACKAGES = {
  firefox: [{ path: process.env.EZY_FIREFOX_PATH ?? '/usr/bin/firefox-esr', pkg: 'firefox-esr' }],
  webkit: [
    { path: '/usr/bin/WebKitWebDriver', pkg: 'webkit2gtk-driver' },
    {
      path: process.env.EZY_MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser',
      pkg: 'webkit2gtk-driver',
    },
    // MiniBrowser has no headless mode: it runs on a virtual display.
    { path: '/usr/bin/Xvfb', pkg: 'xvfb' },
  ],
};

/** @param {readonly string[]} engines */
function missingPackages(engines) {
  const missing = engines
    .flatMap((engine) => ENGINE_PACKAGES[engine] ?? [])
    .filter((entry) => !isExecutable(entry.path))
    .map((entry) => entry.pkg);
  return [...new Set(missing)];
}

const requested = process.argv.slice(2);
const unknown = requested.filter((engine) => !(engine in ENGINE_PACKAGES));
if (unknown.length > 0) {
  console.error(
    `ensure-engines: unknown engine ${unknown.join(', ')}; known: ${Object.keys(ENGINE_PACKAGES).join(', ')}.`,
  );
  process.exit(2);
}
const engines = requested.length > 0 ? requested : Object.keys(ENGINE_PACKAGES);

let missing = missingPackages(engines);
if (missing.length > 0 && canInstallWithApt) {
  if (!aptInstall('ensure-engines', missing))
    console.error('ensure-engines: apt-get could not install every package.');
  missing = missingPackages(engines);
}
if (missing.length > 0) {
  console.error(
    [
      `ensure-engines: the engine tests need the Debian packages ${missing.join(', ')}.`,
      `  Install them (sudo apt-get install ${missing.join(' ')}), or run as root so this script can.`,
    ].join('\n'),
  );
  process.exit(1);
}
for (const engine of engines)
  console.log(`${engine}: ${ENGINE_PACKAGES[engine].map((entry) => entry.path).join(', ')}`);
