import { describe, expect, it } from 'vitest';
import type { AccountAssociationAnswer } from '../types';
import { associationSchema, choicesSchema } from './account.schema';

// The client's request types are the schemas' inputs (types.ts): what the screens send must parse.
describe("the customer's account routes contract", () => {
  it('refuses an empty reward choice and takes one with its tiers', () => {
    expect(choicesSchema.safeParse({ promotionID: 'P1', userChoices: { selectedReward: ' ' } }).success).toBe(
      false,
    );
    expect(
      choicesSchema.safeParse({ promotionID: 'P1', userChoices: { selectedReward: '1:Hamper,2:Voucher' } })
        .success,
    ).toBe(true);
  });

  it('takes answers for the divisions and "other", and refuses a division code it does not know', () => {
    const answer: AccountAssociationAnswer = { id: 'A1', divisionID: '2001', division: 'B', confirmed: true };
    const other: AccountAssociationAnswer = { id: 'X1', divisionID: '', division: 'other', confirmed: false };
    expect(associationSchema.safeParse({ associations: [answer, other], comment: '' }).success).toBe(true);
    const unknown = { ...answer, division: 'Z' };
    expect(associationSchema.safeParse({ associations: [unknown], comment: '' }).success).toBe(false);
  });
});
