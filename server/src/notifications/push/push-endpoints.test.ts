import { describe, expect, it } from 'vitest';
import { DEFAULT_PUSH_ENDPOINT_HOSTS, endpointRefusal, pushEndpointHostsFromEnv } from './push-endpoints';

const hosts = [...DEFAULT_PUSH_ENDPOINT_HOSTS];

describe('a push endpoint', () => {
  it('is taken on https on the known push services, subdomains where listed', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ])
      expect(endpointRefusal(endpoint, { hosts, allowLoopback: false })).toBeUndefined();
  });

  it('is refused elsewhere, over http, with credentials, or when it is no URL', () => {
    expect(endpointRefusal('https://example.com/push', { hosts, allowLoopback: false })).toMatch(
      /example\.com is not a known push service/,
    );
    expect(
      endpointRefusal('https://notify.windows.com.evil.test/x', { hosts, allowLoopback: false }),
    ).toMatch(/not a known push service/);
    expect(endpointRefusal('https://notify.windows.com/x', { hosts, allowLoopback: false })).toMatch(
      /not a known push service/,
    );
    expect(endpointRefusal('http://fcm.googleapis.com/fcm/send/abc', { hosts, allowLoopback: false })).toBe(
      'The endpoint must use https.',
    );
    expect(endpointRefusal('https://u:p@fcm.googleapis.com/x', { hosts, allowLoopback: false })).toMatch(
      /user name or password/,
    );
    expect(endpointRefusal('not a url', { hosts, allowLoopback: false })).toBe('The endpoint is not a URL.');
  });

  it('may be http on 127.0.0.1 only with loopback allowed (the dev endpoints, for tests)', () => {
    expect(endpointRefusal('http://127.0.0.1:9999/push', { hosts, allowLoopback: true })).toBeUndefined();
    expect(endpointRefusal('http://127.0.0.1:9999/push', { hosts, allowLoopback: false })).toBe(
      'The endpoint must use https.',
    );
    expect(endpointRefusal('http://localhost:9999/push', { hosts, allowLoopback: true })).toBe(
      'The endpoint must use https.',
    );
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
