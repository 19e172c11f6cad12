import { describe, expect, it } from 'vitest';
import { cacheControlFor, entityTag, isNotModified } from './static-host';

describe('cacheControlFor', () => {
  it('caches content-hashed files for a year and revalidates everything else', () => {
    expect(cacheControlFor('/static/js/async/lib-router.43ac43c2e9.js')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(cacheControlFor('/public/0.1.0-8c74230a2e/remoteEntry.js')).toBe('no-cache');
    expect(cacheControlFor('/index.html')).toBe('no-cache');
  });
});

describe('entity tags', () => {
  const tag = entityTag(9660, 1_763_800_000_123.4);

  it('name a file version by size and modification time', () => {
    expect(tag).toBe(entityTag(9660, 1_763_800_000_123.9));
    expect(tag).not.toBe(entityTag(9661, 1_763_800_000_123));
    expect(tag).not.toBe(entityTag(9660, 1_763_800_000_124));
  });

  it('answer "not modified" only for the same version, or any', () => {
    expect(isNotModified(tag, tag)).toBe(true);
    expect(isNotModified(`"other", ${tag}`, tag)).toBe(true);
    expect(isNotModified(tag.replace('W/', ''), tag)).toBe(true);
    expect(isNotModified('*', tag)).toBe(true);
    expect(isNotModified(entityTag(1, 2), tag)).toBe(false);
    expect(isNotModified(undefined, tag)).toBe(false);
    expect(isNotModified('', tag)).toBe(false);
  });
});
