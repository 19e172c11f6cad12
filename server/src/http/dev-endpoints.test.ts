import { describe, expect, it } from 'vitest';
import { devEndpointsFromEnv, devEndpointsRefusal, foreignHostRefusal, hostInUrl } from './dev-endpoints';

describe('devEndpointsFromEnv', () => {
  it('is off when DEV_ENDPOINTS is unset or empty, whatever NODE_ENV says', () => {
    expect(devEndpointsFromEnv({})).toBe(false);
    expect(devEndpointsFromEnv({ DEV_ENDPOINTS: '' })).toBe(false);
    expect(devEndpointsFromEnv({ DEV_ENDPOINTS: '  ' })).toBe(false);
    for (const nodeEnv of [undefined, 'development', 'test', 'prod', 'production'])
      expect(devEndpointsFromEnv({ NODE_ENV: nodeEnv }), String(nodeEnv)).toBe(false);
  });

  it('is on for 1, true, yes and on, in any case', () => {
    for (const value of ['1', 'true', 'yes', 'on', 'TRUE', 'Yes', ' on '])
      expect(devEndpointsFromEnv({ DEV_ENDPOINTS: value }), value).toBe(true);
  });

  it('is off for 0, false, no and off', () => {
    for (const value of ['0', 'false', 'no', 'off', 'OFF'])
      expect(devEndpointsFromEnv({ DEV_ENDPOINTS: value }), value).toBe(false);
  });

  it('refuses anything else, naming the variable and the values it takes', () => {
    for (const value of ['2', 'enabled', 'y', 'dev']) {
      expect(() => devEndpointsFromEnv({ DEV_ENDPOINTS: value }), value).toThrow(
        `DEV_ENDPOINTS must be 1, true, yes or on to turn the dev endpoints on, or 0, false, no or off (or unset) to leave them off; got "${value}".`,
      );
    }
  });
});

describe('devEndpointsRefusal', () => {
  const refusal = (host: string, nodeEnv?: string) =>
    devEndpointsRefusal({ setting: 'DEV_ENDPOINTS=1', hostVariable: 'API_HOST', host, nodeEnv });

  it('allows them on a loopback address outside production', () => {
    expect(refusal('127.0.0.1')).toBeUndefined();
    expect(refusal('localhost', 'development')).toBeUndefined();
    expect(refusal('::1', 'test')).toBeUndefined();
  });

  it('refuses them on an address others can reach, naming the variable and its value', () => {
    expect(refusal('0.0.0.0')).toBe(
      'DEV_ENDPOINTS=1 is refused with API_HOST=0.0.0.0: the dev endpoints (the demo mailbox and test ' +
        'fixtures that make users with known passwords) run only on a loopback ' +
        'address (API_HOST 127.0.0.1, ::1 or localhost) and never with NODE_ENV=production. ' +
        'Set DEV_ENDPOINTS=0 to start without them.',
    );
  });

  it('refuses them in production, and names both when both are wrong', () => {
    expect(refusal('127.0.0.1', 'production')).toMatch(
      /^DEV_ENDPOINTS=1 is refused with NODE_ENV=production: /,
    );
    expect(
      devEndpointsRefusal({
        setting: 'DEV_ENDPOINTS=on',
        hostVariable: 'HOST',
        host: '::',
        nodeEnv: 'production',
      }),
    ).toMatch(
      /^DEV_ENDPOINTS=on is refused with HOST=:: and NODE_ENV=production: .*\(HOST 127\.0\.0\.1, ::1/,
    );
  });
});

describe('hostInUrl', () => {
  it('brackets an IPv6 literal and leaves names and IPv4 as they are', () => {
    expect(hostInUrl('::1')).toBe('[::1]');
    expect(hostInUrl('[::1]')).toBe('[::1]');
    expect(hostInUrl('localhost')).toBe('localhost');
    expect(hostInUrl('127.0.0.1')).toBe('127.0.0.1');
    expect(() => new URL(`http://${hostInUrl('::1')}:8080`)).not.toThrow();
  });
});

describe('foreignHostRefusal', () => {
  const own = { names: ['::1'], ports: [8080] };

  it("takes this machine's names on its ports, however the name is cased or written", () => {
    for (const host of [
      'localhost:8080',
      'LocalHost:8080',
      '127.0.0.1:8080',
      '[::1]:8080',
      '[0:0:0:0:0:0:0:1]:8080',
    ])
      expect(foreignHostRefusal(host, own, 80), host).toBeUndefined();
    expect(foreignHostRefusal('app.local:8080', { names: ['app.local'], ports: [8080] }, 80)).toBeUndefined();
  });

  it('refuses any other name, another port, a missing port that means another, and no Host at all', () => {
    for (const host of [
      'rebind.attacker.example:8080',
      'localhost.attacker.example:8080',
      'localhost:8081',
      'localhost',
      '127.0.0.1:8080@evil.example',
      'localhost:8080/x',
      '',
      undefined,
    ])
      expect(foreignHostRefusal(host, own, 80), String(host)).toMatch(/is not one of them\.$/);
    expect(foreignHostRefusal('localhost', { names: [], ports: [443] }, 443)).toBeUndefined();
  });
});
