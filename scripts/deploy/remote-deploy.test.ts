import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  abortStaged,
  deployRemote,
  markGood,
  previewToken,
  promoteStaged,
  readRegistry,
  registryPath,
  rollbackRemote,
  rollbackToLastGood,
  setRolloutPercent,
  sha256Hex,
} from './remote-deploy';

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

describe('a build whose files changed after they were compressed', () => {
  it('is published without the precompressed copies of the old contents, and the same build deploys again', () => {
    const root = mkdtempSync(join(tmpdir(), 'deploy-test-'));
    const target = join(root, 'target');
    const build = fakeBuild(root, 'changed', 'the new page code');
    const js = join(build, 'static/js/main.js');
    // As a build's copy changed by hand: the .gz still holds the old code, the .br the new.
    writeFileSync(`${js}.gz`, gzipSync('the old page code'));
    writeFileSync(`${js}.br`, brotliCompressSync('the new page code'));
    writeFileSync(join(build, 'static/js/orphan.js.gz'), 'not even gzip');

    const deploy = () =>
      deployRemote({ remote: 'customer', from: build, target, env: 'local', origin: 'http://cdn' });
    const { version } = deploy();
    const published = join(target, 'customer', version, 'static/js');
    expect(readFileSync(join(published, 'main.js'), 'utf8')).toBe('the new page code');
    expect(existsSync(join(published, 'main.js.gz'))).toBe(false);
    expect(existsSync(join(published, 'main.js.br'))).toBe(true);
    // A copy without its file is the host's to refuse (it answers 404 for the missing file).
    expect(existsSync(join(published, 'orphan.js.gz'))).toBe(true);
    expect(deploy().version).toBe(version);
  });
});

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
      // The first deploy is good; the second only current until it is marked good.
      lastGood: { version: first.version, manifest: first.manifest },
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

describe('staging, marking good and rolling back to the last good version', () => {
  const origin = 'http://localhost:8082';

  function deployedTwice() {
    const root = mkdtempSync(join(tmpdir(), 'deploy-test-'));
    const target = join(root, 'target');
    const where = { remote: 'customer' as const, target, env: 'bnt-stage' };
    deployRemote({ ...where, from: fakeBuild(root, 'a', 'one'), origin, version: '1.0.0' });
    return { root, target, where };
  }

  it('stages a version beside the current one, widens it, promotes it without marking it good', () => {
    const { root, target, where } = deployedTwice();
    const staged = deployRemote({
      ...where,
      from: fakeBuild(root, 'b', 'two'),
      origin,
      version: '1.1.0',
      stage: true,
    });
    expect(staged.previewLink).toBe('https://bnt.stage.ezyrewards.co.nz/?preview=customer@1.1.0');
    let customer = readRegistry(target, 'bnt-stage').remotes?.customer;
    expect(customer?.version).toBe('1.0.0');
    expect(customer?.staged).toEqual({ version: '1.1.0', manifest: staged.manifest, percent: 0 });

    expect(setRolloutPercent({ ...where, percent: 10 }).version).toBe('1.1.0');
    expect(readRegistry(target, 'bnt-stage').remotes?.customer?.staged?.percent).toBe(10);
    expect(promoteStaged(where).version).toBe('1.1.0');
    customer = readRegistry(target, 'bnt-stage').remotes?.customer;
    expect(customer?.version).toBe('1.1.0');
    expect(customer?.staged).toBeUndefined();
    expect(customer?.lastGood?.version).toBe('1.0.0');

    expect(markGood({ ...where, version: '1.1.0' })).toEqual({ version: '1.1.0', manifest: staged.manifest });
    expect(readRegistry(target, 'bnt-stage').remotes?.customer?.lastGood?.version).toBe('1.1.0');
    expect(() => markGood({ ...where, version: '7.0.0' })).toThrow(
      'customer 7.0.0 is not the current or staged version in bnt-stage.',
    );
  });

  it('aborts a staged version', () => {
    const { root, target, where } = deployedTwice();
    deployRemote({
      ...where,
      from: fakeBuild(root, 'b', 'two'),
      origin,
      version: '1.1.0',
      stage: true,
      percent: 5,
    });
    expect(abortStaged(where).version).toBe('1.1.0');
    expect(readRegistry(target, 'bnt-stage').remotes?.customer?.staged).toBeUndefined();
    expect(() => abortStaged(where)).toThrow('No version is staged.');
  });

  it('rolls a failing current version back to the last good one, and says why', () => {
    const { root, target, where } = deployedTwice();
    deployRemote({ ...where, from: fakeBuild(root, 'b', 'two'), origin, version: '9.9.9' });
    const now = new Date('2026-11-25T10:00:00Z');
    expect(rollbackToLastGood({ ...where, reason: 'failures', now })).toEqual({ from: '9.9.9', to: '1.0.0' });
    const customer = readRegistry(target, 'bnt-stage').remotes?.customer;
    expect(customer?.version).toBe('1.0.0');
    expect(customer?.lastRollback).toEqual({
      from: '9.9.9',
      to: '1.0.0',
      reason: 'failures',
      at: now.toISOString(),
    });
    expect(readRegistry(target, 'bnt-stage').history?.customer).toEqual([]);
    // Already on the last good version: nothing to do.
    expect(rollbackToLastGood({ ...where, reason: 'failures' })).toBeUndefined();
    // Each change took the registry's lock and let it go.
    expect(existsSync(`${registryPath(target, 'bnt-stage')}.lock`)).toBe(false);
  });

  it('signs a live preview link, keeping only the hash of its token in the registry', () => {
    const root = mkdtempSync(join(tmpdir(), 'deploy-test-'));
    const target = join(root, 'target');
    const where = { remote: 'customer' as const, target, env: 'bnt-live' };
    deployRemote({ ...where, from: fakeBuild(root, 'a', 'one'), origin, version: '1.0.0' });
    expect(() =>
      deployRemote({ ...where, from: fakeBuild(root, 'b', 'two'), origin, version: '1.1.0', stage: true }),
    ).toThrow('Staging on bnt-live signs its preview link: set EZY_PREVIEW_KEY to the preview key.');
    const staged = deployRemote({
      ...where,
      from: fakeBuild(root, 'b', 'two'),
      origin,
      version: '1.1.0',
      stage: true,
      previewKey: 'test-key',
    });
    const token = previewToken('test-key', 'bnt-live', 'customer', '1.1.0');
    expect(staged.previewLink).toBe(`https://bnt.ezyrewards.co.nz/?preview=customer@1.1.0&token=${token}`);
    expect(previewToken('other-key', 'bnt-live', 'customer', '1.1.0')).not.toBe(token);
    const registryText = JSON.stringify(readRegistry(target, 'bnt-live'));
    expect(registryText).not.toContain(token);
    expect(readRegistry(target, 'bnt-live').remotes?.customer?.staged?.previewTokenHash).toBe(
      sha256Hex(token),
    );
  });
});
