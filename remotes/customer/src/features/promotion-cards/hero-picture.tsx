import type { Promotion } from '@promo/domain/types';
import type { ImgHTMLAttributes } from 'react';
import { heroSources, MOBILE_HERO_MEDIA } from './hero-image';

/**
 * A promotion's hero: the mobile image under 680 px, the default one above, in the space its size
 * keeps while it loads. Nothing for a promotion without one. `load` is the image's loading hints.
 */
export function HeroPicture({
  promotion,
  className,
  load,
}: {
  promotion: Promotion;
  className: string | undefined;
  load?: Pick<ImgHTMLAttributes<HTMLImageElement>, 'loading' | 'fetchPriority'>;
}) {
  const { hero, heroMobile } = heroSources(promotion);
  if (!hero) return null;
  return (
    <picture>
      {heroMobile ? <source media={MOBILE_HERO_MEDIA} srcSet={heroMobile} width={600} height={600} /> : null}
      <img className={className} src={hero} alt="" width={1200} height={400} {...load} />
    </picture>
  );
}
