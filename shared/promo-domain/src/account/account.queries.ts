import { mutationOptions, queryOptions, type QueryClient } from '@promo/domain/query';
import { http } from '@promo/domain/http/http-client';
import type { Account, AccountId, PromotionId } from '../types';
import type {
  AssociationRequest,
  ChoicesRequest,
  OptInRequest,
  TrackingRequest,
} from '../api/account.schema';
import { queryKeys } from '../query-keys';

/** Account, user and branch data stay fresh for 5 minutes (docs/product-rules.md, 'Formats and constants'). */
export const ACCOUNT_STALE_TIME_MS = 5 * 60 * 1000;

export const getAccounts = (ids: AccountId[]) => http.get('/account/get', { ids });

// The bodies' types are the server's schemas' (account.schema.ts), as types only.
export const optIntoPromotion = (body: OptInRequest) => http.post('/account/opt/into/promotion', body);

export const confirmAssociations = (body: AssociationRequest) =>
  http.post('/account/confirm/account/association', body);

export const updateTracking = (body: TrackingRequest) => http.post('/account/update/tracking', body);

export const updateChoices = (body: ChoicesRequest) => http.post('/account/promotion/update/choices', body);

export const accountQueries = {
  all: queryKeys.account,
  detail: (id: AccountId) =>
    queryOptions({
      queryKey: queryKeys.accountDetail(id),
      queryFn: async () => (await getAccounts([id]))[0] ?? null,
      staleTime: ACCOUNT_STALE_TIME_MS,
    }),
};

/**
 * Every account save answers with the account as the server stored it: that answer replaces the
 * cached one, and nothing asks for the account again (a GET right after would only fetch the
 * answer already in hand).
 */
function storeAccount(client: QueryClient, account: Account): void {
  client.setQueryData(accountQueries.detail(account.id).queryKey, account);
}

export const accountMutations = {
  /** POST /account/opt/into/promotion (docs/product-rules.md, 'Joining a promotion'). */
  join: () =>
    mutationOptions({
      mutationKey: [...accountQueries.all(), 'join'],
      mutationFn: optIntoPromotion,
      onSuccess: (account, _body, _onMutate, { client }) => storeAccount(client, account),
    }),
  /** POST /account/promotion/update/choices for one promotion: the reward picked, encoded. */
  saveChoice: (promotionID: PromotionId) =>
    mutationOptions({
      mutationKey: [...accountQueries.all(), 'choice', promotionID],
      mutationFn: (selectedReward: string) => updateChoices({ promotionID, userChoices: { selectedReward } }),
      onSuccess: (account, _reward, _onMutate, { client }) => storeAccount(client, account),
    }),
  /**
   * docs/product-rules.md, 'Account confirmation': the account is asked for afresh first; one
   * already confirmed or under review is not submitted again (`submitted: false`).
   */
  confirmAssociations: (accountId: AccountId) =>
    mutationOptions({
      mutationKey: [...accountQueries.all(), 'confirm-associations', accountId],
      mutationFn: async (answers: AssociationRequest, { client }) => {
        const fresh = await client.fetchQuery({ ...accountQueries.detail(accountId), staleTime: 0 });
        const status = fresh?.associationsConfirmationStatus;
        if (fresh && (status === 'confirmed' || status === 'challenged')) {
          return { account: fresh, submitted: false };
        }
        return { account: await confirmAssociations(answers), submitted: true };
      },
      onSuccess: ({ account }, _answers, _onMutate, { client }) => storeAccount(client, account),
    }),
};
