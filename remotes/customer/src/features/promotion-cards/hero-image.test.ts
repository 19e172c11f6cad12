import { buildPromotion } from '@promo/domain/testing/data-generators';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heroSources, preloadHero } from './hero-image';

const promotion = buildPromotion({
  heroImage: { id: 'hero-wide' },
  heroImageMobile: { id: 'hero-square' },
});

function preloadedImages(): string[] {
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map(
    (link) => new URL(link.href).pathname,
  );
}

afterEach(() => {
  document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
  vi.restoreAllMocks();
});

describe('hero images', () => {
  it('fall back to the default hero when a promotion has no mobile one', () => {
    const { hero, heroMobile } = heroSources(
      buildPromotion({ heroImage: { id: 'only' }, heroImageMobile: undefined }),
    );
    expect(hero).toContain('/file/image/only');
    expect(heroMobile).toBe(hero);
  });

  it('preload the hero this screen shows, once, with high priority', () => {
    preloadHero(promotion);
    preloadHero(promotion);
    expect(preloadedImages()).toEqual(['/api/v1/file/image/hero-wide']);
    expect(document.head.querySelector('link[as="image"]')?.getAttribute('fetchpriority')).toBe('high');
  });

  it('preload the mobile hero on a phone-sized screen', () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) => ({ matches: query === '(max-width: 680px)', media: query }) as MediaQueryList,
    );
    preloadHero(promotion);
    expect(preloadedImages()).toEqual(['/api/v1/file/image/hero-square']);
  });
});
