/**
 * Lighthouse (12.8) against the built app as `npm start` / `npm run serve` serves it, with the
 * local Chromium (issue 6): /login and the signed-in customer's dashboard, mobile preset (the app is
 * mobile-first), cold cache.
 *
 *   npm run serve                                  # in one terminal (PORT etc. as for npm start)
 *   node --import tsx scripts/lighthouse.ts        # in another; same PORT
 *
 * Lighthouse 12 dropped its PWA category and the installable-manifest audit. This script adds the
 * same check back as an audit of its own, "ezy-installable-manifest": Chrome's own verdict
 * (DevTools protocol Page.getInstallabilityErrors, what the removed audit read) and the parsed web
 * app manifest, in a category "PWA (installable)".
 *
 * Writes bench-results/lighthouse/<page>.report.{html,json} and summary.json; prints the scores.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { Audit, Gatherer, type Config } from 'lighthouse';
import { chromiumPath, CHROMIUM_ARGS } from './browser-launch';
import { localShellOrigin } from './local-ports';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(repo, 'bench-results/lighthouse');
const base = process.env.LIGHTHOUSE_BASE_URL ?? localShellOrigin();
const DEMO_CUSTOMER = { email: 'customer@demo.test', password: 'Demo-pass1!' };

interface InstallabilityArtifact {
  installabilityErrors: Array<{ errorId: string; errorArguments: Array<{ name: string; value: string }> }>;
  manifestUrl: string;
  manifestErrors: Array<{ message: string; critical: number }>;
}

type GathererContext = Parameters<Gatherer['getArtifact']>[0];
type GathererResult = ReturnType<Gatherer['getArtifact']>;
type AuditArtifacts = Parameters<typeof Audit.audit>[0];
type AuditMeta = typeof Audit.meta;

/** Chrome's installability verdict for the loaded page, asked until it settles (the worker may still be installing). */
class InstallabilityGatherer extends Gatherer {
  override meta = { supportedModes: ['navigation' as const] };

  // Lighthouse's types list only its own artifacts; a custom one is cast at this boundary.
  override getArtifact(context: GathererContext): GathererResult {
    return this.installability(context) as unknown as GathererResult;
  }

  private async installability(context: GathererContext): Promise<InstallabilityArtifact> {
    const session = context.driver.defaultSession;
    let errors: InstallabilityArtifact['installabilityErrors'] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      errors = (await session.sendCommand('Page.getInstallabilityErrors')).installabilityErrors;
      if (errors.length === 0) break;
      await new Promise((done) => setTimeout(done, 500));
    }
    const manifest = await session.sendCommand('Page.getAppManifest', {});
    return { installabilityErrors: errors, manifestUrl: manifest.url, manifestErrors: manifest.errors };
  }
}

class InstallableManifestAudit extends Audit {
  static override get meta() {
    return {
      id: 'ezy-installable-manifest',
      title: 'Web app manifest and service worker meet the installability requirements',
      failureTitle: 'Web app manifest or service worker do not meet the installability requirements',
      description:
        "Chrome's own installability check (Page.getInstallabilityErrors), as Lighthouse's removed " +
        'installable-manifest audit read it.',
      requiredArtifacts: ['EzyInstallability'],
    } as unknown as AuditMeta;
  }

  static override audit(artifacts: AuditArtifacts) {
    const found = (artifacts as unknown as { EzyInstallability: InstallabilityArtifact }).EzyInstallability;
    const problems = [
      ...found.installabilityErrors.map((error) => ({
        reason: [error.errorId, ...error.errorArguments.map((arg) => `${arg.name}=${arg.value}`)].join(' '),
      })),
      ...found.manifestErrors.filter((error) => error.critical).map((error) => ({ reason: error.message })),
    ];
    return {
      score: problems.length === 0 && found.manifestUrl !== '' ? 1 : 0,
      displayValue: found.manifestUrl || 'no manifest',
      details: Audit.makeTableDetails([{ key: 'reason', valueType: 'text', label: 'Reason' }], problems),
    };
  }
}

const config = {
  extends: 'lighthouse:default',
  artifacts: [{ id: 'EzyInstallability', gatherer: { implementation: InstallabilityGatherer } }],
  audits: [{ implementation: InstallableManifestAudit }],
  categories: {
    'pwa-installable': {
      title: 'PWA (installable)',
      auditRefs: [{ id: 'ezy-installable-manifest', weight: 1 }],
    },
  },
} as unknown as Config;

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo', 'pwa-installable'] as const;

async function signIn(port: number): Promise<void> {
  // The session cookie goes into the browser's own profile, which Lighthouse's tab shares
  // (Lighthouse clears service workers and Cache Storage before each run, not cookies).
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${base}/login`);
    const status = await page.evaluate(
      async (body) =>
        (
          await fetch('/api/v1/session/login', {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).status,
      DEMO_CUSTOMER,
    );
    if (status !== 200) throw new Error(`Signing in as ${DEMO_CUSTOMER.email} failed (${status}).`);
    await page.close();
  } finally {
    await browser.close();
  }
}

async function main() {
  const probe = await fetch(`${base}/registry.json`).catch(() => undefined);
  if (!probe?.ok) {
    console.error(`Nothing answers at ${base}. Start the app first: npm run serve (same PORT).`);
    process.exit(1);
  }
  await mkdir(outDir, { recursive: true });
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath() ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const summary: Record<string, Record<string, number | null>> = {};
  try {
    const pages = [
      { name: 'login', url: `${base}/login`, signedIn: false },
      { name: 'customer-dashboard', url: `${base}/`, signedIn: true },
    ];
    for (const { name, url, signedIn } of pages) {
      if (signedIn) await signIn(chrome.port);
      const result = await lighthouse(
        url,
        { port: chrome.port, output: ['json', 'html'], logLevel: 'error', onlyCategories: [...CATEGORIES] },
        config,
      );
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
      const { lhr, report } = result;
      if (lhr.finalDisplayedUrl !== url) throw new Error(`${url} ended at ${lhr.finalDisplayedUrl}.`);
      const [json, html] = report as string[];
      await writeFile(join(outDir, `${name}.report.html`), html ?? '');
      await writeFile(join(outDir, `${name}.report.json`), json ?? '');
      summary[name] = Object.fromEntries(CATEGORIES.map((id) => [id, lhr.categories[id]?.score ?? null]));
      const installable = lhr.audits['ezy-installable-manifest'];
      console.log(
        `${name} (${url})\n` +
          CATEGORIES.map((id) => `  ${id.padEnd(16)} ${Math.round((summary[name]![id] ?? 0) * 100)}`).join(
            '\n',
          ) +
          `\n  installable      ${installable?.score === 1 ? 'yes' : `no: ${JSON.stringify(installable?.details)}`}`,
      );
    }
  } finally {
    chrome.kill();
  }
  await writeFile(
    join(outDir, 'summary.json'),
    `${JSON.stringify({ base, date: new Date(), summary }, null, 2)}\n`,
  );
  console.log(`Reports in ${outDir}`);
}

await main();
