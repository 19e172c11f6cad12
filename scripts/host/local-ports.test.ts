import { afterEach, describe, expect, it, vi } from 'vitest';
import { localCdn, localHost, localShellOrigin } from './local-ports';

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the local origins of npm start', () => {
  it('put an IPv6 HOST in brackets, as a URL must, and listen on it as given', () => {
    vi.stubEnv('HOST', '::1');
    vi.stubEnv('PORT', '9080');
    expect(localHost()).toBe('::1');
    expect(localShellOrigin()).toBe('http://[::1]:9080');
    expect(localCdn()).toBe('http://[::1]:9081');
  });

  it('leave a name or an IPv4 address as it is', () => {
    vi.stubEnv('PORT', '9080');
    vi.stubEnv('HOST', '127.0.0.1');
    expect(localShellOrigin()).toBe('http://127.0.0.1:9080');
    vi.stubEnv('HOST', 'localhost');
    expect(localCdn()).toBe('http://localhost:9081');
  });
});
