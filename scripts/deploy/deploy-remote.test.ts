import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildHash, PAUSE_VARIABLE, readRegistry, type PauseStep } from './remote-deploy';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** React as a shell build shares it, and as a remote that fits that shell shares it too. */
const REACT_SHARED = ['react', 'react/jsx-runtime'].map((name) => ({
  name,
  version: '19.2.0',
  singleton: true,
  requiredVersion: '^19.2.0',
}));

/**
 * A shell build's manifest, for the command to check each remote against (--shell): the tests do
 * not depend on whether, or when, the real shell has been built.
 */
function fakeShell(): string {
  const dir = mkdtempSync(join(tmpdir(), 'deploy-cli-shell-'));
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({ name: 'ezy_shell', exposes: [], shared: REACT_SHARED }),
  );
  return dir;
}
const shell = fakeShell();

/** A small build that meets the shell's contract: named ezy_customer, exposing ./routes, sharing React. */
function fakeBuild(code = 'export {};'): string {
  const dir = mkdtempSync(join(tmpdir(), 'deploy-cli-build-'));
  const manifest = {
    name: 'ezy_customer',
    exposes: [{ name: 'routes', path: './routes' }],
    shared: REACT_SHARED,
    metaData: { buildInfo: { buildVersion: '1.0.0' } },
  };
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  mkdirSync(join(dir, 'static'));
  writeFileSync(join(dir, 'static/main.js'), code);
  return dir;
}
const build = fakeBuild();

/** The command's arguments for the customer remote into `target`, on bnt-stage unless `args` say. */
const command = (target: string, args: string[]) => [
  '--import',
  'tsx',
  join(repo, 'scripts/deploy/deploy-remote.ts'),
  'customer',
  '--target',
  target,
  '--env',
  'bnt-stage',
  '--shell',
  shell,
  ...args,
];

/** The deploy command as a team runs it: what it printed on each stream, and its exit code. */
function run(target: string, args: string[], env: Record<string, string> = {}) {
  const { stdout, stderr, status } = spawnSync(process.execPath, command(target, args), {
    cwd: repo,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, EZY_PREVIEW_KEY: '', ...env },
  });
  return { stdout, stderr, code: status };
}

/** Its output, or its error output and exit code. */
function cli(target: string, args: string[], env: Record<string, string> = {}) {
  const { stdout, stderr, code } = run(target, args, env);
  return { output: code === 0 ? stdout : stderr, code };
}

/** Each run of the command starts Node with tsx: a few of them outlast Vitest's 5 s on a busy machine. */
const SPAWNS = { timeout: 60_000 };

describe('npm run release:deploy', SPAWNS, () => {
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

  it('refuses to stage on a live environment without the preview key, or with one under 32 bytes', () => {
    const target = mkdtempSync(join(tmpdir(), 'deploy-cli-'));
    const live = ['--env', 'bnt-live', '--origin', 'https://bnt-cdn.ezyrewards.co.nz', '--from', build];
    cli(target, [...live, '--version', '1.0.0']);
    expect(cli(target, [...live, '--version', '1.1.0', '--stage'])).toEqual({
      output: 'Staging on bnt-live signs its preview link: set EZY_PREVIEW_KEY to the preview key.\n',
      code: 1,
    });
    expect(cli(target, [...live, '--version', '1.1.0', '--stage'], { EZY_PREVIEW_KEY: 'x' })).toEqual({
      output:
        'EZY_PREVIEW_KEY is 1 bytes long; a preview key needs at least 32 random bytes ' +
        '(make one with: openssl rand -base64 32).\n',
      code: 1,
    });
    expect(readRegistry(target, 'bnt-live').remotes?.customer?.staged).toBeUndefined();

    const key = { EZY_PREVIEW_KEY: 'a-preview-key-of-32-bytes-or-more' };
    const signed = cli(target, [...live, '--version', '1.1.0', '--stage', '--preview-days', '2'], key);
    expect(signed.code).toBe(0);
    expect(signed.output).toMatch(
      /Preview it: https:\/\/bnt\.ezyrewards\.co\.nz\/\?preview=customer@1\.1\.0&token=[\w-]{43}\n/,
    );
    const expires = readRegistry(target, 'bnt-live').remotes?.customer?.staged?.previewExpires;
    expect(signed.output).toContain(`The link opens the preview until ${expires}.`);
    expect(Date.parse(expires!) - Date.now()).toBeGreaterThan(2 * 86_400_000 - 60_000);
    expect(Date.parse(expires!) - Date.now()).toBeLessThanOrEqual(2 * 86_400_000);
    expect(cli(target, [...live, '--version', '1.1.0', '--stage', '--preview-days', '90'], key)).toEqual({
      output: 'A preview link opens for more than 0 and at most 30 days, not 90.\n',
      code: 1,
    });
    expect(cli(target, [...live, '--preview-days', '2']).code).toBe(2);
  });

  it("refuses a build that does not fit the shell's contract, and deploys nothing", () => {
    const target = mkdtempSync(join(tmpdir(), 'deploy-cli-'));
    const unshared = fakeBuild();
    writeFileSync(
      join(unshared, 'mf-manifest.json'),
      JSON.stringify({ name: 'ezy_customer', exposes: [{ name: 'routes', path: './routes' }], shared: [] }),
    );
    const { output, code } = cli(target, ['--from', unshared, '--version', '1.0.0']);
    expect(code).toBe(1);
    expect(output).toBe(
      "Not deployed: the build breaks the shell's contract.\n" +
        'The customer remote does not share react: it would bundle its own copy.\n' +
        'The customer remote does not share react/jsx-runtime: it would bundle its own copy.\n',
    );
    expect(readdirSync(target)).toEqual([]);
  });

  it.each(['../../x', 'ezy-live', 'e2e-0-1700000000000'])(
    'refuses --env %s, which names no environment, with the list of those there are',
    (env) => {
      const root = mkdtempSync(join(tmpdir(), 'deploy-cli-'));
      const target = join(root, 'a/b/target');
      const { stderr, code } = run(target, ['--env', env, '--from', build, '--version', '1.0.0']);
      expect(code).toBe(2);
      expect(stderr).toBe(
        `"${env}" is not an environment. Use one of: local, dev, client, live, bnt-dev, bnt-stage, ` +
          'bnt-live, bnt-new-dev, bnt-new-stage, bnt-pre-prod, atl-dev, atl-stage, atl-live, ddl-dev, ' +
          'ddl-stage, ddl-live, hcb-dev, hcb-stage, hcb-live.\n',
      );
      expect(readdirSync(root)).toEqual([]);
    },
  );

  it("prints the local preview link on the shell's own origin", () => {
    const target = mkdtempSync(join(tmpdir(), 'deploy-cli-'));
    const local = ['--env', 'local', '--from', build];
    cli(target, [...local, '--version', '1.0.0']);
    const staged = cli(target, [...local, '--version', '1.1.0', '--stage'], {
      PORT: '9312',
      HOST: '127.0.0.1',
    });
    expect(staged.output).toContain('Preview it: http://127.0.0.1:9312/?preview=customer@1.1.0\n');
    // The registry names the local CDN of that shell, on the next port.
    expect(staged.output).toContain('(http://127.0.0.1:9313/customer/1.1.0/mf-manifest.json)');
  });
});

/** The deploy command run with the test hook: resolves once it waits at `step`. */
async function pausedAt(
  target: string,
  args: string[],
  step: PauseStep,
): Promise<ChildProcessWithoutNullStreams> {
  const child = spawn(process.execPath, command(target, args), {
    cwd: repo,
    env: { ...process.env, EZY_PREVIEW_KEY: '', [PAUSE_VARIABLE]: step },
  });
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (stderr.includes(`paused at ${step}`)) resolve();
    });
    child.on('exit', (code) => reject(new Error(`It ended (${code}) before ${step}: ${stderr}`)));
  });
  return child;
}

/** Lets a paused command go on, or kills it; resolves with its exit code once it has ended. */
function end(child: ChildProcessWithoutNullStreams, how: 'resume' | 'SIGKILL'): Promise<number | null> {
  const ended = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  if (how === 'resume') child.stdin.end('\n');
  else child.kill('SIGKILL');
  return ended;
}

/** What a static host serves: the entries of `dir` not starting with '.'. */
const served = (dir: string) =>
  readdirSync(dir)
    .filter((entry) => !entry.startsWith('.'))
    .sort();

describe('npm run release:deploy killed at any step', SPAWNS, () => {
  const origin = ['--origin', 'https://stage.bnt-cdn.ezyrewards.co.nz', '--from', build];

  it.each<[PauseStep, string[], string]>([
    ['copy-started', ['1.0.0'], 'customer'],
    ['before-rename', ['1.0.0'], 'customer'],
    ['lock-held', ['1.0.0', '1.1.0'], 'registry'],
    ['registry-written', ['1.0.0', '1.1.0'], 'registry'],
  ])(
    'at %s: nothing half-copied is served, and the next deploy and --rollback work',
    async (step, versionsAfterKill, leftIn) => {
      const target = mkdtempSync(join(tmpdir(), 'deploy-cli-'));
      expect(cli(target, [...origin, '--version', '1.0.0']).code).toBe(0);
      const child = await pausedAt(target, [...origin, '--version', '1.1.0'], step);
      // The step left something of its own behind: a temporary copy, or a lock and a registry file.
      expect(readdirSync(join(target, leftIn)).filter((entry) => entry.startsWith('.'))).not.toEqual([]);
      expect(await end(child, 'SIGKILL')).toBeNull();

      expect(served(join(target, 'customer'))).toEqual(versionsAfterKill);
      for (const version of versionsAfterKill)
        expect(buildHash(join(target, 'customer', version))).toBe(buildHash(build));
      expect(served(join(target, 'registry'))).toEqual(['bnt-stage.json']);
      expect(readRegistry(target, 'bnt-stage').remotes?.customer?.version).toBe('1.0.0');

      const next = run(target, [...origin, '--version', '1.1.0']);
      expect(next).toMatchObject({
        code: 0,
        stdout: expect.stringContaining('customer 1.1.0 deployed') as string,
      });
      if (leftIn === 'registry') expect(next.stderr).toContain(`from process ${child.pid} on `);
      // Its leftovers are gone: the process that made them has ended.
      expect(readdirSync(join(target, 'customer')).sort()).toEqual(['1.0.0', '1.1.0']);
      expect(readdirSync(join(target, 'registry'))).toEqual(['bnt-stage.json']);
      expect(cli(target, ['--rollback']).output).toContain('bnt-stage: customer rolled back to 1.0.0.');
    },
  );

  it('two deploys of the same build at once both succeed; of different files under one version, the second is refused', async () => {
    const target = mkdtempSync(join(tmpdir(), 'deploy-cli-'));
    const first = await pausedAt(target, [...origin, '--version', '1.1.0'], 'before-rename');
    // The other deploy runs to its end meanwhile, and keeps the first one's copy: its process runs.
    expect(cli(target, [...origin, '--version', '1.1.0']).output).toContain('customer 1.1.0 deployed');
    expect(readdirSync(join(target, 'customer'))).toHaveLength(2);
    expect(await end(first, 'resume')).toBe(0);
    expect(readdirSync(join(target, 'customer'))).toEqual(['1.1.0']);
    expect(readRegistry(target, 'bnt-stage').remotes?.customer?.version).toBe('1.1.0');

    const other = ['--origin', 'https://stage.bnt-cdn.ezyrewards.co.nz', '--from', fakeBuild('other();')];
    const third = await pausedAt(target, [...other, '--version', '1.2.0'], 'before-rename');
    expect(cli(target, [...origin, '--version', '1.2.0']).code).toBe(0);
    let stderr = '';
    third.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await end(third, 'resume')).toBe(1);
    expect(stderr).toContain(
      'customer 1.2.0 is already deployed with different files; deploy a new version.',
    );
    expect(readdirSync(join(target, 'customer')).sort()).toEqual(['1.1.0', '1.2.0']);
    expect(buildHash(join(target, 'customer/1.2.0'))).toBe(buildHash(build));
  });
});
