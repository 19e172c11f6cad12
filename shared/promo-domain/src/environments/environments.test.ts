import { describe, expect, it } from 'vitest';
import { ENVIRONMENTS, registryProblem, resolveEnvironment } from './environments';

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

describe('ENVIRONMENTS', () => {
  it('covers spec §9: dev, client, live; bnt with new-dev, new-stage, pre-prod; atl, ddl and hcb', () => {
    expect(ENVIRONMENTS.map((env) => env.id)).toEqual([
      'local',
      'dev',
      'client',
      'live',
      'bnt-dev',
      'bnt-stage',
      'bnt-live',
      'bnt-new-dev',
      'bnt-new-stage',
      'bnt-pre-prod',
      'atl-dev',
      'atl-stage',
      'atl-live',
      'ddl-dev',
      'ddl-stage',
      'ddl-live',
      'hcb-dev',
      'hcb-stage',
      'hcb-live',
    ]);
  });

  it.each(ENVIRONMENTS.map((env) => [env.id, env] as const))(
    '%s has an API base, a registry and well-formed hosts',
    (_, env) => {
      expect(env.shellHost).toMatch(HOSTNAME);
      expect(env.apiBase).toMatch(/\/api\/v1$/);
      expect(env.registryUrl).toMatch(/\.json$/);
      expect(env.remoteOrigins.length).toBeGreaterThan(0);
      for (const origin of [...env.remoteOrigins, ...env.spendProgressParents]) {
        const url = new URL(origin);
        expect(url.origin).toBe(origin);
        expect(url.hostname).toMatch(HOSTNAME);
        if (env.stage !== 'local') expect(url.protocol).toBe('https:');
      }
      if (env.stage !== 'local') {
        expect(new URL(env.apiBase).hostname).toMatch(HOSTNAME);
        expect(new URL(env.registryUrl).protocol).toBe('https:');
      }
    },
  );

  it('gives every environment its own hostname and id', () => {
    expect(new Set(ENVIRONMENTS.map((env) => env.shellHost)).size).toBe(ENVIRONMENTS.length);
    expect(new Set(ENVIRONMENTS.map((env) => env.id)).size).toBe(ENVIRONMENTS.length);
  });
});

describe('resolveEnvironment', () => {
  it('finds a hosted environment by its hostname', () => {
    expect(resolveEnvironment('bnt.stage.ezyrewards.co.nz')?.id).toBe('bnt-stage');
    expect(resolveEnvironment('ezyrewards.co.nz')?.id).toBe('live');
  });

  it('is local on localhost, unless an override names another environment', () => {
    expect(resolveEnvironment('localhost')?.id).toBe('local');
    expect(resolveEnvironment('127.0.0.1', 'hcb-dev')?.id).toBe('hcb-dev');
  });

  it('ignores an override away from localhost', () => {
    expect(resolveEnvironment('dev.ezyrewards.co.nz', 'live')?.id).toBe('dev');
  });

  it('knows no unknown hostname', () => {
    expect(resolveEnvironment('example.com')).toBeUndefined();
  });
});

describe('registryProblem', () => {
  const entry = (name: string) => ({
    version: '1.0.0',
    manifest: `https://cdn.test/${name}/1.0.0/mf-manifest.json`,
  });
  const good = {
    remotes: { public: entry('public'), customer: entry('customer'), salesrep: entry('salesrep') },
  };

  it('accepts a registry naming every remote', () => {
    expect(registryProblem(good)).toBeUndefined();
  });

  it('says which remote is missing', () => {
    expect(registryProblem({ remotes: { public: entry('public'), customer: entry('customer') } })).toBe(
      'The registry has no mf-manifest.json URL for the salesrep remote.',
    );
  });

  it('rejects what is not a registry', () => {
    expect(registryProblem(null)).toBe('The registry is not a JSON object.');
    expect(registryProblem({})).toBe('The registry has no "remotes" object.');
  });
});
