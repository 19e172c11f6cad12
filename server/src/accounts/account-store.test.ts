import {
  buildAccount,
  buildLinkedAccounts,
  buildPromotion,
  buildPromotionFigures,
  buildTargets,
  withFigures,
} from '@promo/domain/testing';
import type { AccountAssociationAnswer } from '@promo/domain/types';
import { beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Db } from '../db/open-database';
import { PromotionStore } from '../promotions/promotion-store';
import { AccountStore, newAccountOf } from './account-store';

const NOW = Date.UTC(2026, 10, 20);

let db: Db;
let store: AccountStore;
beforeEach(() => {
  db = openDatabase(':memory:');
  store = new AccountStore(db);
});

describe('AccountStore figures', () => {
  it('gives back an account with the figures inserted for each promotion, in promotion order', () => {
    const promotions = new PromotionStore(db);
    promotions.insert(buildPromotion({ id: 'P-FIRST' }), 0);
    promotions.insert(buildPromotion({ id: 'P-SECOND' }), 1);
    const account = buildAccount({ divisionDetails: buildLinkedAccounts() });
    store.insertAccount(newAccountOf(account, NOW));
    const second = buildPromotionFigures({
      promotionId: 'P-SECOND',
      enrolled: false,
      joinedAt: null,
      selectedReward: null,
      targets: buildTargets(5_000, 9_000),
      pastProgress: { '20261102': 1_200 },
    });
    const first = buildPromotionFigures({ promotionId: 'P-FIRST', byDivision: { A: 1_000, B: 2_300 } });
    for (const figures of [second, first])
      store.insertProgress({ ...figures, accountId: account.id, joinMailingList: false });

    expect(store.get(account.id)).toEqual(withFigures(account, first, second));
    expect(store.getProgress(account.id, 'P-SECOND')).toEqual({
      ...second,
      accountId: account.id,
      joinMailingList: false,
    });
  });
});

describe('AccountStore.confirmAssociations', () => {
  const account = buildAccount({
    divisionDetails: buildLinkedAccounts(),
    associationsConfirmationStatus: 'unconfirmed',
  });
  const answers: AccountAssociationAnswer[] = [
    ...account.divisionDetails.map((division) => ({
      id: division.id,
      divisionID: division.division,
      division: division.division,
      confirmed: division.division !== 'N',
    })),
    { id: 'other', divisionID: '', division: 'other', confirmed: false },
  ];

  it('keeps the answers and sets the status they lead to', () => {
    store.insertAccount(newAccountOf(account, NOW));
    store.confirmAssociations({
      accountId: account.id,
      userId: 'U1',
      answers,
      comment: 'NZ Brake Co is not ours.',
      status: 'challenged',
      at: NOW,
    });

    expect(store.get(account.id)?.associationsConfirmationStatus).toBe('challenged');
    const rows = db.prepare('SELECT * FROM association_confirmations').all() as Record<string, unknown>[];
    expect(rows).toEqual([
      {
        id: 1,
        account_id: account.id,
        user_id: 'U1',
        answers: JSON.stringify(answers),
        comment: 'NZ Brake Co is not ours.',
        result_status: 'challenged',
        created_at: NOW,
      },
    ]);
  });

  it('refuses an account that does not exist, keeping nothing', () => {
    const confirm = () =>
      store.confirmAssociations({
        accountId: 'G999999',
        userId: 'U1',
        answers,
        comment: '',
        status: 'confirmed',
        at: NOW,
      });
    expect(confirm).toThrow(/FOREIGN KEY/);
    expect(db.prepare('SELECT COUNT(*) FROM association_confirmations').pluck().get()).toBe(0);
  });
});
