import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './loopback';

describe('isLoopbackHost', () => {
  it('takes localhost, 127.0.0.0/8 and ::1 (bracketed or not) as loopback', () => {
    for (const host of [
      'localhost',
      'LOCALHOST',
      '127.0.0.1',
      '127.1.2.3',
      '::1',
      '[::1]',
      '0:0:0:0:0:0:0:1',
    ])
      expect(isLoopbackHost(host), host).toBe(true);
  });

  it('takes every other address or name as reachable from elsewhere', () => {
    for (const host of [
      '0.0.0.0',
      '::',
      '192.168.1.10',
      '10.0.0.1',
      'example.test',
      'localhost.example.test',
      '128.0.0.1',
      '',
    ])
      expect(isLoopbackHost(host), host).toBe(false);
  });
});
