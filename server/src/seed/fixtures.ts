import type { AssociationsConfirmationStatus } from '@promo/domain/types';
import { newAccountOf } from '../accounts/account-store';
import type { AppContext } from '../http/app-context';
import { hashPassword } from '../auth/password-hash';
import { nextCounter } from '../db/open-database';
import { DEMO_ACCOUNT_IDS, DEMO_PASSWORD, REGIONS } from './demo-logins';

export type CustomerScenario = AssociationsConfirmationStatus;

const TEMPLATES: Record<CustomerScenario, string> = {
  confirmed: DEMO_ACCOUNT_IDS.customer,
  unconfirmed: DEMO_ACCOUNT_IDS.unconfirmed,
  challenged: DEMO_ACCOUNT_IDS.challenged,
};

export interface CustomerFixture {
  email: string;
  password: string;
  accountId: string;
}

export interface RepFixture {
  email: string;
  password: string;
  /**
   * With withSelection: a branch selection for the client to store under its saved-selection key
   * (the app keeps it in the browser, not on the server).
   */
  selection?: { selectedRegions: string[]; selectedBranchIds: string[] };
}

/**
 * A fresh customer and account cloned from a demo template (same divisions, promotions, progress and
 * choices, new ids), so that end-to-end tests running in parallel never share mutable state.
 */
export async function createCustomerFixture(
  ctx: AppContext,
  scenario: CustomerScenario,
): Promise<CustomerFixture> {
  const template = ctx.accounts.get(TEMPLATES[scenario]);
  if (!template)
    throw new Error(`The demo account ${TEMPLATES[scenario]} is missing; is the database seeded?`);
  const passwordHash = await hashPassword(DEMO_PASSWORD, { publicPassword: true });
  const now = ctx.now();

  return ctx.db.transaction((): CustomerFixture => {
    const number = nextCounter(ctx.db, 'fixture-account', 900_001);
    const accountId = `G${number}`;
    ctx.accounts.insertAccount(
      newAccountOf(
        {
          ...template,
          id: accountId,
          // Division account numbers keep their division prefix and gain the fixture's number.
          divisionDetails: template.divisionDetails.map((division, index) => ({
            ...division,
            id: `${division.id.replace(/\d+$/, '')}${number}${index + 1}`,
          })),
        },
        now,
      ),
    );
    for (const progress of ctx.accounts.listProgress(template.id))
      ctx.accounts.insertProgress({ ...progress, accountId });
    for (const [key, at] of Object.entries(template.trackingTimestamps))
      ctx.accounts.setTrackingTimestamp(accountId, key, at);

    const email = `${scenario}.${number}@fixture.test`;
    ctx.users.insert({
      email,
      firstname: template.primaryContactFirstName,
      surname: template.primaryContactLastName,
      role: 'customer',
      accountId,
      allowedRegions: [],
      passwordHash,
      verified: true,
      createdAt: now,
    });
    return { email, password: DEMO_PASSWORD, accountId };
  })();
}

/** A fresh rep for every region; withSelection adds a ready-made branch selection for the client. */
export async function createRepFixture(ctx: AppContext, withSelection: boolean): Promise<RepFixture> {
  const passwordHash = await hashPassword(DEMO_PASSWORD, { publicPassword: true });
  const number = nextCounter(ctx.db, 'fixture-rep', 1);
  const email = `rep.${number}@fixture.test`;
  ctx.users.insert({
    email,
    firstname: 'Fixture',
    surname: `Rep ${number}`,
    role: 'rep',
    accountId: null,
    allowedRegions: [...REGIONS],
    passwordHash,
    verified: true,
    createdAt: ctx.now(),
  });
  if (!withSelection) return { email, password: DEMO_PASSWORD };
  const selectedRegions = ['Auckland', 'Waikato'];
  const branchIds = ctx.content
    .branchesFor({ role: 'rep', allowedRegions: selectedRegions })
    .map((branch) => branch.branchID)
    .sort();
  return { email, password: DEMO_PASSWORD, selection: { selectedRegions, selectedBranchIds: branchIds } };
}
