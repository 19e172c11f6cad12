import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PHASES, runPhases, timingTable, type Phase } from './test-phases.mjs';

const repo = join(import.meta.dirname, '../..');
const scripts = (
  JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
).scripts;

/** A clock that moves on by the given seconds each time a script ends. */
function fakeRun(seconds: Record<string, number>, codes: Record<string, number> = {}) {
  let clock = 0;
  const ran: { script: string; live: boolean }[] = [];
  const run = (script: string, live: boolean) => {
    ran.push({ script, live });
    return Promise.resolve().then(() => {
      clock += (seconds[script] ?? 0) * 1000;
      return codes[script] ?? 0;
    });
  };
  return { run, ran, now: () => clock };
}

describe('the phases of npm test', () => {
  it('run every check, the build, the unit tests and both end-to-end suites, each an npm script', () => {
    const all = PHASES.flatMap((phase) => phase.scripts);
    expect(all).toEqual([
      'lint:eslint',
      'lint:format',
      'lint:knip',
      'typecheck',
      'build',
      'ensure-browsers',
      'test:unit',
      'test:e2e:built',
      'test:engines',
    ]);
    for (const script of all) expect(scripts[script], script).toBeDefined();
  });

  it('build once: the end-to-end phases run against the build of the first phase', () => {
    expect(scripts['test:e2e:built']).not.toMatch(/\bbuild\b(?!\.)/);
    expect(scripts['test:e2e:built']).toContain('playwright test');
    expect(scripts['test:engines']).not.toMatch(/npm run build/);
    expect(scripts['test:e2e']).toBe('npm run build && npm run test:e2e:built');
  });
});

describe('runPhases', () => {
  const phases: Phase[] = [
    { name: 'checks', scripts: ['a', 'b'] },
    { name: 'unit', scripts: ['c'] },
    { name: 'e2e', scripts: ['d'] },
  ];

  it("runs every phase in order, each phase's first script with the terminal", async () => {
    const { run, ran, now } = fakeRun({ a: 3, b: 1, c: 2, d: 5 });
    const results = await runPhases(phases, run, now);
    expect(ran).toEqual([
      { script: 'a', live: true },
      { script: 'b', live: false },
      { script: 'c', live: true },
      { script: 'd', live: true },
    ]);
    expect(results.map((result) => [result.script, result.code])).toEqual([
      ['a', 0],
      ['b', 0],
      ['c', 0],
      ['d', 0],
    ]);
  });

  it('lets every script of a failing phase finish, then stops', async () => {
    const { run, ran, now } = fakeRun({}, { a: 2 });
    const results = await runPhases(phases, run, now);
    expect(ran.map((step) => step.script)).toEqual(['a', 'b']);
    expect(results.map((result) => [result.script, result.code])).toEqual([
      ['a', 2],
      ['b', 0],
    ]);
  });
});

describe('timingTable', () => {
  it("gives each phase its longest script's time, the scripts side by side under it, and the total", () => {
    const table = timingTable([
      { phase: 'checks and build', script: 'lint:eslint', seconds: 88.4, code: 0 },
      { phase: 'checks and build', script: 'build', seconds: 41, code: 0 },
      { phase: 'unit tests', script: 'test:unit', seconds: 120.2, code: 0 },
    ]);
    expect(table).toBe(
      [
        'npm test, phase by phase (wall time):',
        'checks and build    88 s  passed',
        '  lint:eslint       88 s',
        '  build             41 s',
        'unit tests         120 s  passed',
        'total              209 s',
      ].join('\n'),
    );
  });

  it('names the scripts that failed', () => {
    const table = timingTable([
      { phase: 'checks and build', script: 'lint:knip', seconds: 20, code: 1 },
      { phase: 'checks and build', script: 'typecheck', seconds: 30, code: 2 },
    ]);
    expect(table).toMatch(/^checks and build +30 s {2}FAILED: lint:knip, typecheck$/m);
  });
});
