import { DIVISIONS, type Account, type Branch } from '@promo/domain/types';
import styles from './account-details.module.css';

const orDash = (value: string | undefined) => (value && value.trim() !== '' ? value : '—');

function Detail({ label, value }: { label: string; value: string | undefined }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{orDash(value)}</dd>
    </div>
  );
}

/**
 * docs/product-rules.md, 'Global Account Details': primary details, the secondary contact, and the division
 * accounts (ID, name, division, branch number and name, sales rep ID and name).
 */
export function AccountDetails({ account, branches }: { account: Account; branches: readonly Branch[] }) {
  const branchName = new Map(branches.map((branch) => [branch.branchID, branch.branchName]));
  const salesRep = account.divisionDetails.find(
    (division) => division.salesRepID === account.primarySalesRepID,
  );
  const hasSecondary = [
    account.secondaryContactFirstName,
    account.secondaryContactLastName,
    account.secondaryContactPosition,
    account.secondaryContactPhone,
    account.secondaryContactEmail,
    account.secondaryAddress,
  ].some((value) => value.trim() !== '');

  return (
    <div className={styles.details}>
      <section className={styles.card} aria-labelledby="primary-details">
        <h2 id="primary-details" className={styles.heading}>
          Primary Details
        </h2>
        <dl className={styles.list}>
          <Detail label="ID" value={account.id} />
          <Detail label="Name" value={account.name} />
          <Detail label="Contact First Name" value={account.primaryContactFirstName} />
          <Detail label="Contact Last Name" value={account.primaryContactLastName} />
          <Detail label="Position" value={account.primaryContactPosition} />
          <Detail label="Region" value={account.primaryRegion} />
          <Detail
            label="Sales Rep"
            value={
              salesRep ? `${account.primarySalesRepID} ${salesRep.salesRepName}` : account.primarySalesRepID
            }
          />
          <Detail label="Phone" value={account.primaryContactPhone} />
          <Detail label="Email" value={account.primaryContactEmail} />
          <Detail label="Address" value={account.primaryAddress} />
        </dl>
      </section>

      <section className={styles.card} aria-labelledby="secondary-details">
        <h2 id="secondary-details" className={styles.heading}>
          Secondary Contact Details
        </h2>
        {hasSecondary ? (
          <dl className={styles.list}>
            <Detail label="Contact First Name" value={account.secondaryContactFirstName} />
            <Detail label="Contact Last Name" value={account.secondaryContactLastName} />
            <Detail label="Position" value={account.secondaryContactPosition} />
            <Detail label="Phone" value={account.secondaryContactPhone} />
            <Detail label="Email" value={account.secondaryContactEmail} />
            <Detail label="Address" value={account.secondaryAddress} />
          </dl>
        ) : (
          <p className={styles.empty}>No secondary contact is recorded.</p>
        )}
      </section>

      <section className={styles.card} aria-labelledby="division-accounts">
        <h2 id="division-accounts" className={styles.heading}>
          Division Accounts
        </h2>
        {account.divisionDetails.length === 0 ? (
          <p className={styles.empty}>No division accounts are linked.</p>
        ) : (
          <ul className={styles.divisions}>
            {account.divisionDetails.map((division) => (
              <li key={division.id} className={styles.division}>
                <dl className={styles.list}>
                  <Detail label="ID" value={division.id} />
                  <Detail label="Name" value={division.name} />
                  <Detail label="Division" value={DIVISIONS[division.division] ?? division.division} />
                  <Detail
                    label="Branch"
                    value={`${division.branchID} ${branchName.get(division.branchID) ?? ''}`.trim()}
                  />
                  <Detail
                    label="Sales Rep"
                    value={`${division.salesRepID} ${division.salesRepName}`.trim()}
                  />
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
