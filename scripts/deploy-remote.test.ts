import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readRegistry } from './deploy/remote-deploy';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const shellManifest = join(repo, 'shell/dist/mf-manifest.json');

/**
 * A small build that meets the shell's contract: named ezy_customer, exposing ./routes, sharing
 * React as the shell's build does (the command checks it when the shell is built).
 */
function fakeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'deploy-cli-build-'));
  const reactShared = existsSync(shellManifest)
    ? (JSON.parse(readFileSync(shellManifest, 'utf8')) as { shared: { name: string }[] }).shared.filter(
        (entry) => entry.name === 'react' || entry.name === 'react/jsx-runtime',
      )
    : [];
  const manifest = {
    name: 'ezy_customer',
    exposes: [{ name: 'routes', path: './routes' }],
    shared: reactShared,
    metaData: { buildInfo: { buildVersion: '1.0.0' } },
  };
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  mkdirSync(join(dir, 'static'));
  writeFileSync(join(dir, 'static/main.js'), 'export {};');
  return dir;
}
const build = fakeBuild();

/** The deploy command as a team runs it; its output, or its error output and exit code. */
function cli(target: string, args: string[]): { output: string; code: number } {
  try {
    const output = execFileSync(
      process.execPath,
      [
        '--import',
        'tsx',
        join(repo, 'scripts/deploy-remote.ts'),
        'customer',
        '--target',
        target,
        '--env',
        'bnt-stage',
        ...args,
      ],
      {
        cwd: repo,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, EZY_PREVIEW_KEY: '' },
      },
    );
    return { output, code: 0 };
  } catch (error) {
    const { stderr, status } = error as { stderr: string; status: number };
    return { output: stderr, code: status };
  }
}

describe('npm run deploy:remote', () => {
  it('stages, rolls out, promotes, marks good and aborts, saying what it did', () => {
    const target = mkdtempSync(join(tmpdir(), 'deploy-cli-'));
    const origin = ['--origin', 'https://stage.bnt-cdn.ezyrewards.co.nz', '--from', build];
    expect(cli(target, [...origin, '--version', '1.0.0']).output).toContain(
      'bnt-stage: customer 1.0.0 deployed',
    );
    expect(cli(target, ['--percent', '10'])).toEqual({ output: 'No version is staged.\n', code: 1 });

    const staged = cli(target, [...origin, '--version', '1.1.0', '--stage', '--percent', '10']).output;
    expect(staged).toContain('bnt-stage: customer 1.1.0 staged for 10 % of devices');
    expect(staged).toContain('Preview it: https://bnt.stage.ezyrewards.co.nz/?preview=customer@1.1.0');
    expect(cli(target, ['--percent', '50']).output).toContain('customer 1.1.0 is served to 50 % of devices.');
    expect(readRegistry(target, 'bnt-stage').remotes?.customer?.staged?.percent).toBe(50);
    expect(cli(target, ['--percent', '150'])).toEqual({
      output: 'A rollout percent is a number from 0 to 100, not 150.\n',
      code: 1,
    });

    expect(cli(target, ['--promote']).output).toContain('customer 1.1.0 is now current for everyone.');
    expect(readRegistry(target, 'bnt-stage').remotes?.customer?.lastGood?.version).toBe('1.0.0');
    expect(cli(target, ['--mark-good']).output).toContain('customer 1.1.0 is marked good.');
    expect(readRegistry(target, 'bnt-stage').remotes?.customer?.lastGood?.version).toBe('1.1.0');

    cli(target, [...origin, '--version', '1.2.0', '--stage']);
    expect(cli(target, ['--abort']).output).toContain('customer 1.2.0 is no longer staged.');
    expect(readRegistry(target, 'bnt-stage').remotes?.customer?.staged).toBeUndefined();
  });

  it('refuses to stage on a live environment without the preview key', () => {
    const target = mkdtempSync(join(tmpdir(), 'deploy-cli-'));
    const live = ['--env', 'bnt-live', '--origin', 'https://bnt-cdn.ezyrewards.co.nz', '--from', build];
    cli(target, [...live, '--version', '1.0.0']);
    expect(cli(target, [...live, '--version', '1.1.0', '--stage'])).toEqual({
      output: 'Staging on bnt-live signs its preview link: set EZY_PREVIEW_KEY to the preview key.\n',
      code: 1,
    });
  });
});
