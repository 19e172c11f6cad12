import { paths } from '@promo/domain/paths';
import { imageUrl } from '@promo/domain/promotion/promotion.queries';
import { buttonClassName } from '@promo/ui/button';
import { usePageFrame } from '@promo/ui/page-frame';
import { Link } from '@promo/ui/router';
import { PageCard } from '../../page-card/page-card';
import styles from './about-us-page.module.css';

/** One of the page's pictures from the image store, 640 by 360 so its space is kept while it loads. */
function Picture({ id, alt }: { id: string; alt: string }) {
  return <img className={styles.image} src={imageUrl({ id })} alt={alt} width={640} height={360} />;
}

/** docs/product-rules.md, 'Content pages': placeholder text, two images and 'Join Now' to /join-now. */
export default function AboutUsPage() {
  usePageFrame('About Us', { showBack: true });
  return (
    <PageCard heading="About Ezy Rewards" labelledBy="about-heading">
      <p>
        Ezy Rewards is the loyalty programme for trade customers of our group of automotive-parts businesses.
        Join a promotion, track your spend against its targets as the weeks go by, and choose the reward you
        want when you get there.
      </p>
      <Picture id="about-trade-counter" alt="A trade counter stocked with automotive parts" />
      <p>
        Your spend across every division counts: Autolign, BNT, Truck &amp; Trailer Parts, HCB/JAS, Precision
        Equipment, Diesel Distributors and NZ Brake Co. Your sales rep can see your progress too, and is there
        to help you reach the next target.
      </p>
      <Picture id="about-delivery" alt="A delivery van bringing parts to a workshop" />
      <p>Not a trade customer yet? Tell us about your business and we will be in touch.</p>
      <Link to={paths.joinNow()} className={buttonClassName('primary', true)}>
        Join Now
      </Link>
    </PageCard>
  );
}
