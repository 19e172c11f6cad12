import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { temporaryName } from './crash-safe';
import {
  abortStaged,
  deployRemote,
  markGood,
  previewLink,
  previewToken,
  promoteStaged,
  readRegistry,
  registryHandler,
  registryPath,
  rollbackRemote,
  rollbackToLastGood,
  setRolloutPercent,
  sha256Hex,
} from './remote-deploy';

/** A preview key of the least accepted length (32 bytes). */
const KEY = 'k'.repeat(32);

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
    const customer = readRegistry(target, 'local').remotes?.customer;
    expect(customer).toEqual({
      version: second.version,
      manifest: `${origin}/customer/${second.version}/mf-manifest.json`,
      since: expect.any(String) as string,
      // The first deploy is good; the second only current until it is marked good.
      lastGood: { version: first.version, manifest: first.manifest, since: expect.any(String) as string },
    });
    // Each since its deploy, as it happened.
    expect(Date.parse(customer!.lastGood!.since!)).toBeLessThanOrEqual(Date.parse(customer!.since!));
    expect(Date.now() - Date.parse(customer!.since!)).toBeLessThan(60_000);

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
    deployRemote({ ...where, from: fakeBuild(root, 'a', 'one'), origin, version: '1.0.0', now: deployedAt });
    return { root, target, where };
  }
  const deployedAt = new Date('2026-11-01T09:00:00Z');

  it('stages a version beside the current one, widens it, promotes it without marking it good', () => {
    const { root, target, where } = deployedTwice();
    const stagedAt = new Date('2026-11-02T09:00:00Z');
    const staged = deployRemote({
      ...where,
      from: fakeBuild(root, 'b', 'two'),
      origin,
      version: '1.1.0',
      stage: true,
      now: stagedAt,
    });
    expect(staged.previewLink).toBe('https://bnt.stage.ezyrewards.co.nz/?preview=customer@1.1.0');
    let customer = readRegistry(target, 'bnt-stage').remotes?.customer;
    expect(customer?.version).toBe('1.0.0');
    expect(customer?.since).toBe(deployedAt.toISOString());
    const since = stagedAt.toISOString();
    expect(customer?.staged).toEqual({ version: '1.1.0', manifest: staged.manifest, percent: 0, since });

    expect(setRolloutPercent({ ...where, percent: 10 }).version).toBe('1.1.0');
    expect(readRegistry(target, 'bnt-stage').remotes?.customer?.staged?.percent).toBe(10);
    expect(promoteStaged(where).version).toBe('1.1.0');
    customer = readRegistry(target, 'bnt-stage').remotes?.customer;
    expect(customer?.version).toBe('1.1.0');
    // Current since it was staged: it has served devices since then.
    expect(customer?.since).toBe(since);
    expect(customer?.staged).toBeUndefined();
    expect(customer?.lastGood?.version).toBe('1.0.0');

    const good = { version: '1.1.0', manifest: staged.manifest, since };
    expect(markGood({ ...where, version: '1.1.0' })).toEqual(good);
    expect(readRegistry(target, 'bnt-stage').remotes?.customer?.lastGood).toEqual(good);
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
    expect(customer?.since).toBe(deployedAt.toISOString());
    expect(customer?.lastRollback).toEqual({
      from: '9.9.9',
      to: '1.0.0',
      reason: 'failures',
      at: now.toISOString(),
    });
    expect(readRegistry(target, 'bnt-stage').history?.customer).toEqual([]);
    // Already on the last good version: nothing to do.
    expect(rollbackToLastGood({ ...where, reason: 'failures' })).toBeUndefined();
    // Each change took the registry's lock and let it go, and left no temporary file.
    expect(readdirSync(join(target, 'registry'))).toEqual(['bnt-stage.json']);
  });

  it('rolls back by hand to the previous version, since then, or to the last good one with its since', () => {
    const { root, target, where } = deployedTwice();
    const at = (day: number) => new Date(`2026-11-0${day}T09:00:00Z`);
    deployRemote({ ...where, from: fakeBuild(root, 'b', 'two'), origin, version: '2.0.0', now: at(2) });
    deployRemote({ ...where, from: fakeBuild(root, 'c', 'three'), origin, version: '3.0.0', now: at(3) });
    expect(rollbackRemote({ ...where, origin, now: at(4) })).toEqual({ version: '2.0.0' });
    expect(readRegistry(target, 'bnt-stage').remotes?.customer?.since).toBe(at(4).toISOString());
    expect(rollbackRemote({ ...where, origin, to: '1.0.0', now: at(5) })).toEqual({ version: '1.0.0' });
    expect(readRegistry(target, 'bnt-stage').remotes?.customer?.since).toBe(deployedAt.toISOString());
  });

  it('reads and changes a registry written before since was recorded', () => {
    const { root, target, where } = deployedTwice();
    const manifest = (version: string) => `${origin}/customer/${version}/mf-manifest.json`;
    deployRemote({ ...where, from: fakeBuild(root, 'b', 'two'), origin, version: '1.1.0' });
    const old = {
      remotes: {
        customer: {
          version: '1.0.0',
          manifest: manifest('1.0.0'),
          lastGood: { version: '1.0.0', manifest: manifest('1.0.0') },
          staged: { version: '1.1.0', manifest: manifest('1.1.0'), percent: 5 },
        },
      },
    };
    writeFileSync(registryPath(target, 'bnt-stage'), JSON.stringify(old));
    expect(readRegistry(target, 'bnt-stage').remotes?.customer?.staged?.percent).toBe(5);
    promoteStaged(where);
    expect(readRegistry(target, 'bnt-stage').remotes?.customer).toEqual({
      version: '1.1.0',
      manifest: manifest('1.1.0'),
      lastGood: { version: '1.0.0', manifest: manifest('1.0.0') },
    });
    expect(markGood({ ...where, version: '1.1.0' })).toEqual({
      version: '1.1.0',
      manifest: manifest('1.1.0'),
    });
  });

  it('signs a live preview link that expires, keeping only the hash of its token and the expiry in the registry', () => {
    const root = mkdtempSync(join(tmpdir(), 'deploy-test-'));
    const target = join(root, 'target');
    const where = { remote: 'customer' as const, target, env: 'bnt-live' };
    deployRemote({ ...where, from: fakeBuild(root, 'a', 'one'), origin, version: '1.0.0' });
    const stage = (extra: { previewKey?: string; previewDays?: number }) =>
      deployRemote({
        ...where,
        from: fakeBuild(root, 'b', 'two'),
        origin,
        version: '1.1.0',
        stage: true,
        now: stagedAt,
        ...extra,
      });
    const stagedAt = new Date('2026-11-02T09:00:00Z');
    expect(() => stage({})).toThrow(
      'Staging on bnt-live signs its preview link: set EZY_PREVIEW_KEY to the preview key.',
    );
    expect(() => stage({ previewKey: 'x' })).toThrow(
      'EZY_PREVIEW_KEY is 1 bytes long; a preview key needs at least 32 random bytes',
    );
    expect(() => stage({ previewKey: 'k'.repeat(31) })).toThrow('EZY_PREVIEW_KEY is 31 bytes long');
    expect(() => stage({ previewKey: KEY, previewDays: 0 })).toThrow(
      'A preview link opens for more than 0 and at most 30 days, not 0.',
    );
    expect(() => stage({ previewKey: KEY, previewDays: 31 })).toThrow('not 31');
    expect(() =>
      deployRemote({
        ...where,
        env: 'bnt-stage',
        from: fakeBuild(root, 'b', 'two'),
        origin,
        stage: true,
        previewDays: 2,
      }),
    ).toThrow('Only a signed preview link expires: preview days need EZY_PREVIEW_KEY.');
    // Nothing was published by a refused stage.
    expect(existsSync(join(target, 'customer/1.1.0'))).toBe(false);

    const staged = stage({ previewKey: KEY });
    const expires = '2026-11-09T09:00:00.000Z';
    expect(staged.previewExpires).toBe(expires);
    const token = previewToken(KEY, 'bnt-live', 'customer', '1.1.0', expires);
    expect(staged.previewLink).toBe(`https://bnt.ezyrewards.co.nz/?preview=customer@1.1.0&token=${token}`);
    // The token covers the key and the expiry: neither can be changed and the link still open.
    expect(previewToken('o'.repeat(32), 'bnt-live', 'customer', '1.1.0', expires)).not.toBe(token);
    expect(previewToken(KEY, 'bnt-live', 'customer', '1.1.0', '2027-01-01T00:00:00.000Z')).not.toBe(token);
    const registryText = JSON.stringify(readRegistry(target, 'bnt-live'));
    expect(registryText).not.toContain(token);
    expect(readRegistry(target, 'bnt-live').remotes?.customer?.staged).toMatchObject({
      previewTokenHash: sha256Hex(token),
      previewExpires: expires,
    });
    expect(stage({ previewKey: KEY, previewDays: 1 }).previewExpires).toBe('2026-11-03T09:00:00.000Z');
    expect(readRegistry(target, 'bnt-live').remotes?.customer?.staged?.previewExpires).toBe(
      '2026-11-03T09:00:00.000Z',
    );
  });
});

describe('environments', () => {
  const origin = 'http://localhost:8082';

  it('are only the rows of ENVIRONMENTS: another id is refused with the list, and nothing is written', () => {
    const root = mkdtempSync(join(tmpdir(), 'deploy-test-'));
    const target = join(root, 'deep/target');
    const from = fakeBuild(root, 'a', 'one');
    for (const env of ['../../x', 'ezy-live', '', 'LIVE', 'live/../dev']) {
      expect(() => deployRemote({ remote: 'customer', from, target, env, origin })).toThrow(
        `"${env}" is not an environment. Use one of: local, dev, client, live, bnt-dev,`,
      );
      expect(() => registryPath(target, env)).toThrow('is not an environment');
      expect(() => registryHandler(target, env)).toThrow('is not an environment');
      expect(() => rollbackRemote({ remote: 'customer', target, env, origin })).toThrow(
        'is not an environment',
      );
      expect(() => promoteStaged({ remote: 'customer', target, env })).toThrow('is not an environment');
      expect(() => markGood({ remote: 'customer', target, env, version: '1.0.0' })).toThrow(
        'is not an environment',
      );
      expect(() => rollbackToLastGood({ remote: 'customer', target, env, reason: 'x' })).toThrow(
        'is not an environment',
      );
      // No registry of its own to read.
      expect(readRegistry(target, env)).toEqual({});
    }
    // Nothing beside the build: neither the target nor anything outside it.
    expect(readdirSync(root)).toEqual(['a']);
    expect(registryPath(target, 'bnt-dev')).toBe(join(target, 'registry/bnt-dev.json'));
  });
});

describe('preview links', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("open on the environment's shell host, and locally on the shell npm start serves", () => {
    expect(previewLink('dev', 'customer', '1.1.0')).toBe(
      'https://dev.ezyrewards.co.nz/?preview=customer@1.1.0',
    );
    expect(previewLink('local', 'public', '1.1.0', undefined, 'https://127.0.0.1:9443')).toBe(
      'https://127.0.0.1:9443/?preview=public@1.1.0',
    );
    // Without one, the shell of a plain `npm start`; the CLI passes the one PORT, HOST and TLS give.
    expect(previewLink('local', 'customer', '1.1.0')).toBe('http://localhost:8080/?preview=customer@1.1.0');
  });
});

/** A pid no process has: one that just ended (the system does not hand it out again at once). */
function endedPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  return pid;
}

describe('a deploy killed half-way', () => {
  const origin = 'http://localhost:8082';

  it('leaves temporary copies that the next deploy removes, unless their process still runs', () => {
    const root = mkdtempSync(join(tmpdir(), 'deploy-test-'));
    const target = join(root, 'target');
    const folder = join(target, 'customer');
    mkdirSync(folder, { recursive: true });
    const ours = temporaryName('1.0.0');
    const [, host] = /\.tmp-([0-9a-f]{8})-/.exec(ours)!;
    const dead = `.1.0.0.tmp-${host}-${endedPid()}-0badc0de`;
    const otherHostNew = '.1.0.0.tmp-00000000-1-0badc0de';
    const otherHostOld = '.1.0.0.tmp-00000000-2-0badc0de';
    for (const name of [ours, dead, otherHostNew, otherHostOld])
      mkdirSync(join(folder, name, 'static'), { recursive: true });
    const hoursAgo = new Date(Date.now() - 2 * 3_600_000);
    utimesSync(join(folder, otherHostOld), hoursAgo, hoursAgo);

    deployRemote({
      remote: 'customer',
      from: fakeBuild(root, 'a', 'one'),
      target,
      env: 'local',
      origin,
      version: '1.0.0',
    });
    // Kept: this process's own (still running), another host's that may still be copying.
    expect(readdirSync(folder).sort()).toEqual([ours, otherHostNew, '1.0.0'].sort());
  });

  it('leaves registry temporary files and a lock that the next change removes, naming the lock owner', () => {
    const root = mkdtempSync(join(tmpdir(), 'deploy-test-'));
    const target = join(root, 'target');
    const where = { remote: 'customer' as const, target, env: 'dev' };
    deployRemote({ ...where, from: fakeBuild(root, 'a', 'one'), origin, version: '1.0.0' });
    const registryDir = join(target, 'registry');
    const [, host] = /\.tmp-([0-9a-f]{8})-/.exec(temporaryName('x'))!;
    const pid = endedPid();
    writeFileSync(join(registryDir, `.dev.json.tmp-${host}-${pid}-0badc0de`), '{"half":');
    writeFileSync(
      join(registryDir, '.dev.json.lock'),
      JSON.stringify({ pid, host: hostname(), since: '2026-11-01T09:00:00.000Z', nonce: 'abc' }),
    );
    // The lock an earlier tool left: a bare directory beside the registry.
    mkdirSync(`${registryPath(target, 'dev')}.lock`);
    const notices: string[] = [];
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((line) => {
      notices.push(String(line));
      return true;
    });
    try {
      deployRemote({ ...where, from: fakeBuild(root, 'b', 'two'), origin, version: '2.0.0' });
    } finally {
      write.mockRestore();
    }
    expect(notices.join('')).toContain(
      `Took over the dev registry lock (${join(registryDir, '.dev.json.lock')}) from process ${pid} on ${hostname()}, since 2026-11-01T09:00:00.000Z: process ${pid} is gone.`,
    );
    expect(notices.join('')).toContain('a lock an earlier deploy left behind');
    expect(readdirSync(registryDir)).toEqual(['dev.json']);
    expect(readRegistry(target, 'dev').remotes?.customer?.version).toBe('2.0.0');
  });
});
