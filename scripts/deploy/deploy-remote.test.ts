import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { build, cli, fakeBuild, run, SPAWNS } from './deploy-cli.testing';
import { readRegistry } from './remote-deploy';

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
