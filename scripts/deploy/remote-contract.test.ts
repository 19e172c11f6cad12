import { describe, expect, it } from 'vitest';
import { remoteContractProblems, satisfiesCaret, type FederationManifest } from './remote-contract';

// As the apps' manifests list a shared singleton: its version, and nothing asked of the runtime.
const singleton = (name: string, version: string) => ({
  name,
  version,
  singleton: true,
  requiredVersion: false as const,
});

const shell: Pick<FederationManifest, 'shared'> = {
  shared: [
    singleton('react', '19.3.1'),
    singleton('react/jsx-runtime', '19.3.1'),
    singleton('react-dom', '19.3.1'),
    singleton('@tanstack/react-query', '5.108.0'),
    singleton('@promo/domain/http/http-client', '0.1.0'),
  ],
};

function customer(overrides: Partial<FederationManifest> = {}): FederationManifest {
  return {
    name: 'ezy_customer',
    exposes: [{ name: 'routes', path: './routes' }],
    shared: [...shell.shared],
    ...overrides,
  };
}

describe('remoteContractProblems', () => {
  it('accepts a remote built against the contract of the shell', () => {
    expect(remoteContractProblems('customer', customer(), shell)).toEqual([]);
  });

  it('fails a remote that no longer exposes its routes module', () => {
    expect(
      remoteContractProblems('customer', customer({ exposes: [{ name: 'app', path: './app' }] }), shell),
    ).toEqual(['The customer remote does not expose "./routes" (it exposes "./app").']);
  });

  it('fails a remote under another federation name', () => {
    expect(remoteContractProblems('customer', customer({ name: 'customer' }), shell)).toEqual([
      'The customer remote is named "customer"; the shell loads it as "ezy_customer".',
    ]);
  });

  it('fails a remote that would bundle its own React', () => {
    const shared = shell.shared.filter((entry) => entry.name !== 'react');
    expect(remoteContractProblems('customer', customer({ shared }), shell)).toEqual([
      'The customer remote does not share react: it would bundle its own copy.',
    ]);
  });

  it('fails a remote built with another major version, or sharing a singleton as a non-singleton', () => {
    const shared = [
      singleton('react', '20.0.0'),
      singleton('react/jsx-runtime', '19.3.1'),
      singleton('react-dom', '19.3.1'),
      { ...singleton('@tanstack/react-query', '5.108.0'), singleton: false },
    ];
    expect(remoteContractProblems('customer', customer({ shared }), shell)).toEqual([
      'The customer remote was built with react 20.0.0; the shell requires ^19.3.1.',
      'The customer remote requires react ^20.0.0; the shell provides 19.3.1.',
      'The customer remote shares @tanstack/react-query without singleton: true.',
    ]);
  });

  it('fails a remote built with an earlier minor, either way round', () => {
    const shared = shell.shared.map((entry) =>
      entry.name === 'react-dom' ? singleton('react-dom', '19.2.0') : entry,
    );
    expect(remoteContractProblems('customer', customer({ shared }), shell)).toEqual([
      'The customer remote was built with react-dom 19.2.0; the shell requires ^19.3.1.',
    ]);
    expect(remoteContractProblems('customer', customer(), { shared })).toEqual([
      'The customer remote requires react-dom ^19.3.1; the shell provides 19.2.0.',
    ]);
  });

  it('takes the range a build still writes in its manifest', () => {
    const shared = [...shell.shared, { ...singleton('dayjs', '1.11.23'), requiredVersion: '^1.12.0' }];
    const withDayjs = { shared: [...shell.shared, singleton('dayjs', '1.11.23')] };
    expect(remoteContractProblems('customer', customer({ shared }), withDayjs)).toEqual([
      'The customer remote requires dayjs ^1.12.0; the shell provides 1.11.23.',
    ]);
  });
});

describe('satisfiesCaret', () => {
  it('accepts the same major with a later minor or patch', () => {
    expect(satisfiesCaret('19.4.0', '^19.3.1')).toBe(true);
    expect(satisfiesCaret('19.3.2', '^19.3.1')).toBe(true);
  });
  it('rejects an earlier version, another major, or another 0.x minor', () => {
    expect(satisfiesCaret('19.3.0', '^19.3.1')).toBe(false);
    expect(satisfiesCaret('20.0.0', '^19.3.1')).toBe(false);
    expect(satisfiesCaret('0.2.0', '^0.1.0')).toBe(false);
  });
});
