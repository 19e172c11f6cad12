import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { ENVIRONMENTS } from '@promo/domain/environments/environments';
import { REMOTE_NAMES, type RemoteName } from '@promo/domain/paths';
import { origins } from './demo';

const repo = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The environment each test deploys into, by the test's key. The deploy tool takes only the ids of
 * ENVIRONMENTS, and each e2e run has a DEPLOY_DIR of its own, so the tests use real ones: one per
 * test, so that parallel workers never change the same registry (nor deploy one version string with
 * other files: a test's versions are named after its environment), and none live, so staging needs
 * no preview key. Not 'local', the registry every other test is shown. Free still: hcb-dev, bnt-dev.
 */
const TEST_ENVIRONMENTS: Record<string, string> = {
  'deploy-rollback': 'bnt-stage',
  'deploy-broken': 'bnt-new-dev',
  'release-fallback': 'bnt-new-stage',
  'release-preview': 'bnt-pre-prod',
  'release-exit': 'atl-stage',
  'cold-start-dashboard': 'hcb-stage',
  'cold-start-tracking': 'ddl-stage',
  'health-flood': 'dev',
  'health-early-views': 'client',
  'health-rollback': 'atl-dev',
  'health-good': 'ddl-dev',
};

if (new Set(Object.values(TEST_ENVIRONMENTS)).size !== Object.keys(TEST_ENVIRONMENTS).length) {
  throw new Error('Two tests share an environment in TEST_ENVIRONMENTS: give each its own.');
}

/** The environment id of the test `key` (TEST_ENVIRONMENTS). */
export function testEnvironment(key: string): string {
  const id = TEST_ENVIRONMENTS[key];
  if (!id) throw new Error(`No test environment for "${key}": give it one in e2e/support/remote-builds.ts.`);
  return id;
}

/** The shell host of environment `env`: where the deploy tool's preview links open. */
export function shellHostOf(env: string): string {
  const host = ENVIRONMENTS.find((candidate) => candidate.id === env)?.shellHost;
  if (!host) throw new Error(`${env} is not an environment.`);
  return host;
}

/**
 * A copy of the customer build whose dashboard heading reads 'Active Promotions <label>': a changed
 * remote to deploy, without a second build.
 */
export function changedCustomerBuild(label: string): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'ezy-changed-customer-')), 'dist');
  cpSync(join(repo, 'remotes/customer/dist'), dir, { recursive: true });
  const chunks = join(dir, 'static/js/async');
  let changed = 0;
  for (const file of readdirSync(chunks)) {
    if (!file.endsWith('.js')) continue;
    const source = readFileSync(join(chunks, file), 'utf8');
    if (!source.includes('Active Promotions')) continue;
    writeFileSync(join(chunks, file), source.replaceAll('Active Promotions', `Active Promotions ${label}`));
    changed++;
  }
  if (changed === 0) throw new Error('No customer chunk holds the dashboard heading.');
  return dir;
}

/**
 * A copy of the customer build whose page chunks all throw as they are evaluated (its routes module
 * still loads): a broken release, as a bug at a page module's top level makes one.
 */
export function throwingCustomerBuild(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'ezy-throwing-customer-')), 'dist');
  cpSync(join(repo, 'remotes/customer/dist'), dir, { recursive: true });
  const chunks = join(dir, 'static/js/async');
  for (const file of readdirSync(chunks)) {
    if (!file.endsWith('.js') || file.startsWith('__federation_expose_')) continue;
    const source = readFileSync(join(chunks, file), 'utf8');
    writeFileSync(join(chunks, file), `throw new Error('A broken customer release: ${file}');\n${source}`);
  }
  return dir;
}

/** Runs the real deploy command, as a sub-brand team would, into the run's DEPLOY_DIR. */
export function deployCli(args: string[]): string {
  const deployDir = process.env.DEPLOY_DIR;
  if (!deployDir) throw new Error('DEPLOY_DIR is not set: run the specs through e2e/playwright.config.ts.');
  return execFileSync(
    process.execPath,
    ['--import', 'tsx', join(repo, 'scripts/deploy/deploy-remote.ts'), ...args],
    {
      cwd: repo,
      encoding: 'utf8',
      env: { ...process.env, DEPLOY_DIR: deployDir },
    },
  );
}

/**
 * Deploys a customer build as `version` of `env` on the run's CDN (`extra`: e.g. --stage). Its
 * precompressed copies still hold the original build's code; the deploy tool leaves out those that
 * no longer match their files, as it would for a team's hand-changed copy.
 */
export function deployCustomer(env: string, from: string, version: string, ...extra: string[]): string {
  return deployCli([
    'customer',
    ...['--env', env, '--origin', origins.cdn, '--from', from, '--version', version],
    ...extra,
  ]);
}

/** Deploys the current build of every remote as the first (good) versions of a new environment. */
export function deployEnvironment(env: string): Record<RemoteName, string> {
  const versions = { public: '', customer: '', salesrep: '' };
  for (const remote of REMOTE_NAMES) {
    const output = deployCli([remote, '--env', env, '--origin', origins.cdn]);
    versions[remote] = /: \S+ (\S+) deployed/.exec(output)?.[1] ?? '';
  }
  return versions;
}

/** Shows this page the test's own environment registry, so other tests keep the shared one. */
export async function useRegistry(page: Page, env: string): Promise<void> {
  await page.route('**/registry.json', async (route) => {
    const response = await route.fetch({ url: `${origins.cdn}/registry/${env}.json` });
    await route.fulfill({ response });
  });
}

/**
 * A fresh environment whose customer remote has a good first version, then a current version whose
 * page chunks all throw (throwingCustomerBuild): what the fallback and the release-health reports
 * are tested against.
 */
export function deployThrowingCustomer(env: string): { good: string; broken: string } {
  const good = deployEnvironment(env).customer;
  const broken = `9.9.9-${env}`;
  deployCustomer(env, throwingCustomerBuild(), broken);
  return { good, broken };
}
