import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { localDevEndpoints } from './local-dev-endpoints';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');

describe('localDevEndpoints (what npm start gives the API)', () => {
  it('turns them on when DEV_ENDPOINTS is not set, and says so and why', () => {
    for (const env of [{}, { DEV_ENDPOINTS: '' }, { NODE_ENV: 'test' }]) {
      expect(localDevEndpoints(env, 'localhost'), JSON.stringify(env)).toEqual({
        value: '1',
        on: true,
        line:
          'Dev endpoints on (DEV_ENDPOINTS=1, the default of npm start and npm run serve): the demo ' +
          'mailbox and test fixtures, so every demo flow works on this machine. ' +
          'Never on a server others can reach.',
      });
    }
  });

  it("keeps the user's own setting, on or off", () => {
    const own = localDevEndpoints({ DEV_ENDPOINTS: 'yes' }, '127.0.0.1');
    expect(own.value).toBe('yes');
    expect(own.on).toBe(true);
    expect(own.line).toMatch(/^Dev endpoints on \(DEV_ENDPOINTS=yes\): the demo mailbox/);
    expect(localDevEndpoints({ DEV_ENDPOINTS: '0' }, 'localhost')).toEqual({
      value: '0',
      on: false,
      line: 'Dev endpoints off (DEV_ENDPOINTS=0): no demo mailbox or test fixtures.',
    });
  });

  it('serves beyond loopback only with them off', () => {
    expect(localDevEndpoints({ DEV_ENDPOINTS: 'off' }, '0.0.0.0').on).toBe(false);
  });

  it('refuses them when the shell listens beyond loopback (HOST), set by default or by the user', () => {
    expect(() => localDevEndpoints({}, '0.0.0.0')).toThrow(
      'DEV_ENDPOINTS=1, the default of npm start and npm run serve, is refused with HOST=0.0.0.0: the dev ' +
        'endpoints (the demo mailbox and test fixtures that make users with known passwords) run only ' +
        'on a loopback address (HOST 127.0.0.1, ::1 or localhost) and never with ' +
        'NODE_ENV=production. Set DEV_ENDPOINTS=0 to start without them.',
    );
    expect(() => localDevEndpoints({ DEV_ENDPOINTS: 'true' }, '192.168.1.20')).toThrow(
      /^DEV_ENDPOINTS=true is refused with HOST=192\.168\.1\.20: /,
    );
  });

  it('refuses them with NODE_ENV=production', () => {
    expect(() => localDevEndpoints({ NODE_ENV: 'production' }, 'localhost')).toThrow(
      /^DEV_ENDPOINTS=1, the default of npm start and npm run serve, is refused with NODE_ENV=production: /,
    );
  });

  it('names DEV_ENDPOINTS when its value is neither on nor off', () => {
    expect(() => localDevEndpoints({ DEV_ENDPOINTS: 'sometimes' }, 'localhost')).toThrow(
      /^DEV_ENDPOINTS must be 1, true, yes or on .*; got "sometimes"\.$/,
    );
  });
});

describe('scripts/dev/start.ts', () => {
  it('refuses to start, before deploying or starting anything, with HOST beyond loopback and the dev endpoints on', async () => {
    const deployDir = mkdtempSync(join(tmpdir(), 'ezy-start-'));
    rmSync(deployDir, { recursive: true });
    try {
      // A documentation address (TEST-NET-1) no machine has: were the check ever lost, nothing could
      // listen on it either.
      const child = spawn(process.execPath, ['--import', 'tsx', join(repo, 'scripts/dev/start.ts')], {
        cwd: repo,
        env: {
          PATH: process.env.PATH ?? '',
          HOST: '192.0.2.1',
          DEPLOY_DIR: deployDir,
          PORT: '9510',
          API_PORT: '9512',
        },
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number>((resolve) => child.on('exit', (exit) => resolve(exit ?? -1)));
      expect(code, output).toBe(1);
      expect(output).toMatch(
        /^DEV_ENDPOINTS=1, the default of npm start and npm run serve, is refused with HOST=192\.0\.2\.1: .* Set DEV_ENDPOINTS=0 to start without them\.\n$/,
      );
      expect(existsSync(deployDir)).toBe(false);
    } finally {
      rmSync(deployDir, { recursive: true, force: true });
    }
    // A Node process started through tsx: seconds on a busy machine.
  }, 30_000);
});
