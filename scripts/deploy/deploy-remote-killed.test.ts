import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, cli, command, fakeBuild, repo, run, SPAWNS } from './deploy-cli.testing';
import { buildHash, PAUSE_VARIABLE, readRegistry, type PauseStep } from './remote-deploy';

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
