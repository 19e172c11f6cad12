import { describe, expect, it } from 'vitest';
import { remoteRegistrySchema } from '../api/registry.schema';
import {
  ENVIRONMENTS,
  localCdnOrigin,
  localEnvironment,
  registryProblem,
  resolveEnvironment,
} from './environments';

const HOSTNAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;

describe('ENVIRONMENTS', () => {
  it('covers every environment: dev, client, live; bnt with new-dev, new-stage, pre-prod; atl, ddl and hcb', () => {
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
    expect(resolveEnvironment('https://bnt.stage.ezyrewards.co.nz')?.id).toBe('bnt-stage');
    expect(resolveEnvironment('https://ezyrewards.co.nz')?.id).toBe('live');
  });

  it("is local on localhost, on the page's own ports, unless an override names another environment", () => {
    expect(resolveEnvironment('http://localhost:8180')).toEqual(localEnvironment('http://localhost:8180'));
    expect(resolveEnvironment('http://127.0.0.1:8080', 'hcb-dev')?.id).toBe('hcb-dev');
  });

  it('ignores an override away from localhost', () => {
    expect(resolveEnvironment('https://dev.ezyrewards.co.nz', 'live')?.id).toBe('dev');
  });

  it('knows no unknown hostname', () => {
    expect(resolveEnvironment('https://example.com')).toBeUndefined();
  });
});

describe('the local environment', () => {
  it("has the API on the shell's origin and the registry and every remote on the CDN, the next port", () => {
    expect(localEnvironment('https://localhost:8180')).toEqual({
      id: 'local',
      brand: 'ezy',
      stage: 'local',
      shellHost: 'localhost',
      apiBase: '/api/v1',
      registryUrl: 'https://localhost:8181/registry.json',
      remoteOrigins: ['https://localhost:8181'],
      spendProgressParents: ['https://localhost:8180'],
    });
  });

  it('finds the CDN after a default port too', () => {
    expect(localCdnOrigin('http://localhost')).toBe('http://localhost:81');
    expect(localCdnOrigin('https://localhost')).toBe('https://localhost:444');
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

  it("refuses exactly the registries the deploy tool's schema refuses, on what the shell reads", () => {
    // The shell checks without zod; these are the registry's required fields, each made wrong.
    const withPublic = (publicEntry: unknown) => ({ remotes: { ...good.remotes, public: publicEntry } });
    const cases: unknown[] = [
      good,
      null,
      [],
      {},
      { remotes: null },
      { remotes: { public: entry('public'), customer: entry('customer') } },
      withPublic(undefined),
      withPublic({ version: '1.0.0' }),
      withPublic({ version: '1.0.0', manifest: 'https://cdn.test/public/1.0.0/remoteEntry.js' }),
      withPublic({ version: '1.0.0', manifest: 42 }),
      withPublic({ version: '', manifest: entry('public').manifest }),
      withPublic({ manifest: entry('public').manifest }),
      withPublic({ ...entry('public'), since: '2026-11-30T01:00:00Z' }),
    ];
    for (const registry of cases) {
      expect(registryProblem(registry) === undefined, JSON.stringify(registry)).toBe(
        remoteRegistrySchema.safeParse(registry).success,
      );
    }
  });
});
