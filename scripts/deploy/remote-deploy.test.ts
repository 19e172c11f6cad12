import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { deployRemote, readRegistry, rollbackRemote } from './remote-deploy';

function fakeBuild(root: string, name: string, body: string): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'static/js'), { recursive: true });
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({ metaData: { buildInfo: { buildVersion: '1.4.2' } } }),
  );
  writeFileSync(join(dir, 'static/js/main.js'), body);
  return dir;
}

describe('deployRemote and rollbackRemote', () => {
  const origin = 'http://localhost:8082';

  it('publishes each build under its own immutable version and repoints the registry', () => {
    const root = mkdtempSync(join(tmpdir(), 'deploy-test-'));
    const target = join(root, 'target');
    const first = deployRemote({
      remote: 'customer',
      from: fakeBuild(root, 'a', 'one'),
      target,
      env: 'local',
      origin,
    });
    const second = deployRemote({
      remote: 'customer',
      from: fakeBuild(root, 'b', 'two'),
      target,
      env: 'local',
      origin,
    });

    expect(first.version).toMatch(/^1\.4\.2-[0-9a-f]{10}$/);
    expect(second.version).not.toBe(first.version);
    expect(readRegistry(target, 'local').remotes?.customer).toEqual({
      version: second.version,
      manifest: `${origin}/customer/${second.version}/mf-manifest.json`,
    });

    expect(rollbackRemote({ remote: 'customer', target, env: 'local', origin })).toEqual({
      version: first.version,
    });
    expect(readRegistry(target, 'local').remotes?.customer?.version).toBe(first.version);
  });

  it('gives the same build the same version, and refuses to overwrite a version with other files', () => {
    const root = mkdtempSync(join(tmpdir(), 'deploy-test-'));
    const target = join(root, 'target');
    const build = fakeBuild(root, 'a', 'one');
    const first = deployRemote({ remote: 'public', from: build, target, env: 'local', origin });
    expect(deployRemote({ remote: 'public', from: build, target, env: 'local', origin }).version).toBe(
      first.version,
    );
    expect(() =>
      deployRemote({
        remote: 'public',
        from: fakeBuild(root, 'b', 'two'),
        target,
        env: 'local',
        origin,
        version: first.version,
      }),
    ).toThrow(`public ${first.version} is already deployed with different files; deploy a new version.`);
  });

  it('says there is nothing to roll back to on a first deploy', () => {
    const root = mkdtempSync(join(tmpdir(), 'deploy-test-'));
    const target = join(root, 'target');
    deployRemote({ remote: 'salesrep', from: fakeBuild(root, 'a', 'one'), target, env: 'local', origin });
    expect(() => rollbackRemote({ remote: 'salesrep', target, env: 'local', origin })).toThrow(
      'The salesrep remote has no earlier version to roll back to in local.',
    );
  });

  it('refuses a folder that is not a remote build', () => {
    const root = mkdtempSync(join(tmpdir(), 'deploy-test-'));
    expect(() =>
      deployRemote({ remote: 'customer', from: root, target: join(root, 't'), env: 'local', origin }),
    ).toThrow('holds no mf-manifest.json');
  });
});
