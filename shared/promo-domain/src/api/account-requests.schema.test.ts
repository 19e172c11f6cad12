import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { AccountAssociationAnswer } from '../types';
import { associationSchema, choicesSchema } from '../api/account-requests.schema';

// The client's request types and the server's schemas are one contract: a field added, renamed or
// narrowed on one side only fails the typecheck here.
describe("the customer's account routes contract", () => {
  it("types the client's association answers as the server's schema reads them", () => {
    expectTypeOf<AccountAssociationAnswer>().toEqualTypeOf<
      z.input<typeof associationSchema>['associations'][number]
    >();
  });

  it('refuses an empty reward choice and takes one with its tiers', () => {
    expect(choicesSchema.safeParse({ promotionID: 'P1', userChoices: { selectedReward: ' ' } }).success).toBe(
      false,
    );
    expect(
      choicesSchema.safeParse({ promotionID: 'P1', userChoices: { selectedReward: '1:Hamper,2:Voucher' } })
        .success,
    ).toBe(true);
  });
});
