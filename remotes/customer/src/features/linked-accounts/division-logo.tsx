import { divisionDetailsQueries } from '@promo/domain/configuration/division-details.queries';
import { imageUrl } from '@promo/domain/promotion/promotion.queries';
import { DIVISIONS, type DivisionCode } from '@promo/domain/types';
import { useQuery } from '@promo/domain/query';
import styles from './linked-accounts.module.css';

/** A supplier's logo from configuration 'division.details', its name as the text alternative. */
export function DivisionLogo({ division }: { division: DivisionCode }) {
  const { data } = useQuery(divisionDetailsQueries.list());
  const details = data?.find((entry) => entry.division === division);
  const name = details?.name ?? DIVISIONS[division] ?? division;
  const src = imageUrl(details?.logo);
  // Until the configuration arrives (or if it fails) the name stands in for the logo.
  if (!src) return <span className={styles.supplierName}>{name}</span>;
  return <img className={styles.logo} src={src} alt={name} width={96} height={32} />;
}
