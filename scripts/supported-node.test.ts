import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { satisfiesEngines } from './supported-node.mjs';

const repo = join(import.meta.dirname, '..');
const engines = (
  JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { engines: { node: string } }
).engines.node;

describe('satisfiesEngines', () => {
  it("takes the releases package.json's engines names, and no other", () => {
    expect(engines).toBe('^22.14.0 || ^24.0.0 || ^26.0.0');
    for (const version of ['22.14.0', '22.22.1', '24.0.0', '24.21.0', '26.10.0'])
      expect(satisfiesEngines(version, engines), version).toBe(true);
    for (const version of ['20.20.2', '22.13.9', '23.11.0', '25.1.0', '27.0.0', '18.20.0'])
      expect(satisfiesEngines(version, engines), version).toBe(false);
  });

  it('does not read a range form it does not know as met', () => {
    expect(satisfiesEngines('24.1.0', '>=22')).toBe(false);
  });
});

describe('npm start and npm test', () => {
  it('run through scripts/supported-node.mjs, which runs the named script on a supported Node', () => {
    const { scripts } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toBe('node scripts/supported-node.mjs build-and-serve');
    expect(scripts.test).toBe('node scripts/supported-node.mjs test:all');
    expect(scripts.serve).toBe('node scripts/supported-node.mjs serve:here');
    // This process's Node is a supported one (Vitest runs on it): npm runs the script directly,
    // and says so of one that does not exist.
    const run = spawnSync(process.execPath, [join(repo, 'scripts/supported-node.mjs'), 'no-such-script'], {
      cwd: repo,
      encoding: 'utf8',
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('Missing script: "no-such-script"');
    expect(run.stderr).not.toContain('not one this project supports');
  });
});
