import { describe, expect, it } from 'vitest';
import {
  checkedEndpoint,
  DEFAULT_PUSH_ENDPOINT_HOSTS,
  pushEndpointHostsFromEnv,
  pushTestOriginsFromEnv,
} from './push-endpoints';

const hosts = [...DEFAULT_PUSH_ENDPOINT_HOSTS];
const endpointRefusal = (endpoint: string, policy: { hosts: string[]; testOrigins: string[] }) =>
  checkedEndpoint(endpoint, policy).refusal;
const services = { hosts, testOrigins: [] };
const withReceiver = { hosts, testOrigins: ['http://127.0.0.1:9666'] };

describe('a push endpoint', () => {
  it('is taken on https on the known push services, subdomains where listed', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ])
      expect(endpointRefusal(endpoint, services)).toBeUndefined();
  });

  it('is refused elsewhere, over http, on another port, with credentials, or when it is no URL', () => {
    expect(endpointRefusal('https://example.com/push', services)).toMatch(
      /example\.com is not a known push service/,
    );
    expect(endpointRefusal('https://notify.windows.com.evil.test/x', services)).toMatch(
      /not a known push service/,
    );
    expect(endpointRefusal('https://notify.windows.com/x', services)).toMatch(/not a known push service/);
    expect(endpointRefusal('http://fcm.googleapis.com/fcm/send/abc', services)).toBe(
      'The endpoint must use https.',
    );
    expect(endpointRefusal('https://fcm.googleapis.com:8443/fcm/send/abc', services)).toBe(
      'The endpoint must use the default https port.',
    );
    expect(endpointRefusal('https://u:p@fcm.googleapis.com/x', services)).toMatch(/user name or password/);
    expect(endpointRefusal('not a url', services)).toBe('The endpoint is not a URL.');
  });

  it('is judged as the URL parser reads it, and kept in that form', () => {
    expect(checkedEndpoint('HTTPS://FCM.googleapis.com:443/fcm/send/abc', services)).toEqual({
      href: 'https://fcm.googleapis.com/fcm/send/abc',
    });
  });

  it('may be plain http only at a test origin, port included, in any spelling of its address', () => {
    expect(checkedEndpoint('http://127.0.0.1:9666/push', withReceiver)).toEqual({
      href: 'http://127.0.0.1:9666/push',
    });
    for (const spelling of [
      'http://2130706433:9666/x',
      'http://0x7f.1:9666/x',
      'http://127.1:9666/x',
      'HTTP://127.0.0.1:9666/x',
    ])
      expect(endpointRefusal(spelling, withReceiver), spelling).toBeUndefined();
    for (const elsewhere of [
      'http://127.0.0.1:9667/push',
      'http://2130706433:9999/x',
      'http://0x7f.1:22/x',
      'http://127.1:3001/x',
      'HTTP://127.0.0.1/x',
      'http://localhost:9666/push',
      'http://[::1]:9666/push',
    ])
      expect(endpointRefusal(elsewhere, withReceiver), elsewhere).toBe('The endpoint must use https.');
    expect(endpointRefusal('https://127.0.0.1:9666/push', withReceiver)).toBe(
      '127.0.0.1 is not a known push service (PUSH_ENDPOINT_HOSTS).',
    );
    expect(endpointRefusal('http://127.0.0.1:9666/push', services)).toBe('The endpoint must use https.');
  });

  it('hosts come from PUSH_ENDPOINT_HOSTS, else the default list', () => {
    expect(pushEndpointHostsFromEnv(' push.example.net , *.corp.example ')).toEqual([
      'push.example.net',
      '*.corp.example',
    ]);
    expect(pushEndpointHostsFromEnv('')).toEqual(hosts);
    expect(pushEndpointHostsFromEnv(undefined)).toEqual(hosts);
  });
});

describe('pushTestOriginsFromEnv', () => {
  it('is none when unset or empty, and each http loopback origin as browsers serialise it', () => {
    expect(pushTestOriginsFromEnv(undefined)).toEqual([]);
    expect(pushTestOriginsFromEnv(' ')).toEqual([]);
    expect(pushTestOriginsFromEnv('http://127.0.0.1:9666, HTTP://LOCALHOST:9 ,http://[::1]:80/')).toEqual([
      'http://127.0.0.1:9666',
      'http://localhost:9',
      'http://[::1]',
    ]);
  });

  it('refuses anything that is not an http origin on this machine, naming the variable', () => {
    for (const value of [
      'http://10.0.0.5:9666',
      'https://127.0.0.1:9666',
      'http://127.0.0.1:9666/push',
      'http://user@127.0.0.1:9666',
      '127.0.0.1:9666',
      'http://example.test:9666',
    ])
      expect(() => pushTestOriginsFromEnv(value), value).toThrow(
        `PUSH_TEST_ORIGINS takes http origins on this machine (http://127.0.0.1:PORT), comma-separated; got "${value}".`,
      );
  });
});
