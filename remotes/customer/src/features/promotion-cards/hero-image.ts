import { imageUrl } from '@promo/domain/promotion/promotion.queries';
import type { Promotion } from '@promo/domain/types';

/** Below this width a card shows the promotion's mobile hero (its <source> media query). */
export const MOBILE_HERO_MEDIA = '(max-width: 680px)';

/** A card's hero images: the default one and the mobile one (the default when there is none). */
export function heroSources(promotion: Promotion): { hero?: string; heroMobile?: string } {
  const hero = imageUrl(promotion.heroImage);
  return { hero, heroMobile: imageUrl(promotion.heroImageMobile) ?? hero };
}

/**
 * Starts downloading the hero a card (or a promotion's header) will show at this screen width,
 * before it renders: the dashboard's and the promotion page's route preloads call it as soon as
 * their data is in, so the page's largest paint does not wait for React to render it first. The
 * request is the one the <picture> makes, so the browser uses the same download.
 */
export function preloadHero(promotion: Promotion, doc: Document = document): void {
  const { hero, heroMobile } = heroSources(promotion);
  const href = doc.defaultView?.matchMedia(MOBILE_HERO_MEDIA).matches ? heroMobile : hero;
  if (!href) return;
  const already = [...doc.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].some(
    (link) => link.href === new URL(href, doc.baseURI).href,
  );
  if (already) return;
  const link = doc.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = href;
  link.setAttribute('fetchpriority', 'high');
  doc.head.append(link);
}
