import {
  checkSelectedReward,
  encodeSelectedReward,
  isChoiceLocked,
} from '@promo/domain/promotion/selected-reward.rules';
import type { Account, AccountSearchResponse, AssociationsConfirmationStatus } from '@promo/domain/types';
import { associationSchema } from '@promo/domain/api/account.schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { searchAccounts } from '../accounts/account-search';
import type { AppContext } from '../http/app-context';
import { contractBody, contractCaller, contractQuery } from '../http/contract';
import { badRequest, notFound } from '../http/errors';
import { isOpen } from '../promotions/promotion-store';

const ALREADY_CONFIRMED_MESSAGE = 'Account associations are already confirmed.';
const UNDER_REVIEW_MESSAGE = 'Account associations are already under review by the Ezy Rewards team.';
const CHOICES_LOCKED_MESSAGE = 'Reward choices are locked for this promotion.';
const NOT_OPEN_MESSAGE = 'This promotion is not open for joining.';
const NOT_ENROLLED_MESSAGE = 'You have not joined this promotion.';

/**
 * What a customer's answers about their linked accounts decide (docs/product-rules.md, 'Account
 * confirmation'): every linked account answered once, in its own division, plus the 'Other' row.
 * All Yes and Other No confirms the associations; anything else is 'challenged' for the team to
 * review. A malformed set of answers is the reason it is refused.
 */
function associationsOutcome(
  linked: Account['divisionDetails'],
  associations: z.output<typeof associationSchema>['associations'],
): { status: Exclude<AssociationsConfirmationStatus, 'unconfirmed'> } | { refused: string } {
  const answers = new Map<string, boolean>();
  let other: boolean | undefined;
  for (const answer of associations) {
    if (answer.division === 'other') {
      if (other !== undefined) return { refused: '"Other" is answered more than once.' };
      other = answer.confirmed;
      continue;
    }
    const division = linked.find((candidate) => candidate.id === answer.id);
    if (!division) return { refused: `${answer.id} is not one of your linked accounts.` };
    if (division.division !== answer.division)
      return { refused: `${answer.id} belongs to division ${division.division}, not ${answer.division}.` };
    if (answers.has(answer.id)) return { refused: `${answer.id} is answered more than once.` };
    answers.set(answer.id, answer.confirmed);
  }
  const unanswered = linked.find((division) => !answers.has(division.id));
  if (unanswered) return { refused: `${unanswered.id} is not answered.` };
  if (other === undefined) return { refused: 'the "Other" question is not answered.' };
  return { status: [...answers.values()].every(Boolean) && !other ? 'confirmed' : 'challenged' };
}

export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAccountReads(app, ctx);
  registerCustomerAccountChanges(app, ctx);
}

/** Reading accounts: a customer's own, a rep's by id or by search. */
function registerAccountReads(app: FastifyInstance, ctx: AppContext): void {
  /**
   * Customers read only their own account, reps the accounts of their regions: the contract's reach
   * refuses any other id before this runs (src/http/reach.ts). Unknown ids are left out.
   */
  app.get('/account/get', async (request): Promise<Account[]> => {
    const { ids } = contractQuery(request, 'GET /account/get');
    return ctx.accounts.getMany(ids);
  });

  app.post('/account/search', async (request, reply): Promise<AccountSearchResponse> => {
    const rep = contractCaller(ctx, request, reply, 'POST /account/search');
    const body = contractBody(request, 'POST /account/search');
    return searchAccounts(ctx.db, body, { allowedRegions: rep.allowedRegions }, ctx.now());
  });
}

/** What a customer changes on their own account: joining, confirming accounts, views and reward choices. */
function registerCustomerAccountChanges(app: FastifyInstance, ctx: AppContext): void {
  /** Joining is idempotent: a second call returns the account unchanged. */
  app.post('/account/opt/into/promotion', async (request, reply): Promise<Account> => {
    const customer = contractCaller(ctx, request, reply, 'POST /account/opt/into/promotion');
    const body = contractBody(request, 'POST /account/opt/into/promotion');
    const now = ctx.now();
    const promotion = ctx.promotions.get(body.promotionID, now);
    if (!promotion) throw notFound(`Promotion ${body.promotionID} does not exist.`);
    const progress = ctx.accounts.getProgress(customer.accountId, promotion.id);
    if (!progress) throw badRequest('Your account is not eligible for this promotion.');
    if (!progress.enrolled) {
      if (!isOpen(promotion, now)) throw badRequest(NOT_OPEN_MESSAGE);
      let selectedReward = body.selectedReward ?? promotion.defaultUserChoices?.selectedReward ?? null;
      if (selectedReward !== null && !promotion.disablePrizes) {
        const check = checkSelectedReward(selectedReward, promotion, progress.targets);
        if (!check.ok) throw badRequest(`selectedReward: ${check.message}`);
        selectedReward = encodeSelectedReward(check.choices);
      } else {
        selectedReward = null;
      }
      ctx.accounts.enrol(customer.accountId, promotion.id, {
        at: now,
        joinMailingList: body.joinMailingList,
        selectedReward,
      });
    }
    return ctx.accounts.get(customer.accountId) as Account;
  });

  /** docs/product-rules.md, 'Account confirmation' (associationsOutcome). */
  app.post('/account/confirm/account/association', async (request, reply): Promise<Account> => {
    const customer = contractCaller(ctx, request, reply, 'POST /account/confirm/account/association');
    const body = contractBody(request, 'POST /account/confirm/account/association');
    const account = ctx.accounts.get(customer.accountId);
    if (!account) throw notFound('Your account no longer exists.');
    if (account.associationsConfirmationStatus === 'confirmed') throw badRequest(ALREADY_CONFIRMED_MESSAGE);
    if (account.associationsConfirmationStatus === 'challenged') throw badRequest(UNDER_REVIEW_MESSAGE);
    const outcome = associationsOutcome(account.divisionDetails, body.associations);
    if ('refused' in outcome) throw badRequest(`associations: ${outcome.refused}`);
    ctx.accounts.confirmAssociations({
      accountId: account.id,
      userId: customer.id,
      answers: body.associations,
      comment: body.comment,
      status: outcome.status,
      at: ctx.now(),
    });
    return ctx.accounts.get(account.id) as Account;
  });

  /** Records when the customer last opened a promotion; the rep view shows it as "last viewed". */
  app.post('/account/update/tracking', async (request, reply) => {
    const customer = contractCaller(ctx, request, reply, 'POST /account/update/tracking');
    const body = contractBody(request, 'POST /account/update/tracking');
    if (!ctx.promotions.findIdCaseInsensitive(body.key))
      throw badRequest(`key: Unknown promotion ${body.key}.`);
    ctx.accounts.setTrackingTimestamp(customer.accountId, `${body.type}.${body.key}`, ctx.now());
    return { ok: true };
  });

  app.post('/account/promotion/update/choices', async (request, reply): Promise<Account> => {
    const customer = contractCaller(ctx, request, reply, 'POST /account/promotion/update/choices');
    const body = contractBody(request, 'POST /account/promotion/update/choices');
    const now = ctx.now();
    const promotion = ctx.promotions.get(body.promotionID, now);
    if (!promotion) throw notFound(`Promotion ${body.promotionID} does not exist.`);
    const progress = ctx.accounts.getProgress(customer.accountId, promotion.id);
    if (!progress?.enrolled) throw badRequest(NOT_ENROLLED_MESSAGE);
    // Without a lock time, choices close with the promotion (docs/product-rules.md, 'Reward choice').
    if (isChoiceLocked(promotion, now)) throw badRequest(CHOICES_LOCKED_MESSAGE);
    const check = checkSelectedReward(body.userChoices.selectedReward, promotion, progress.targets);
    if (!check.ok) throw badRequest(`userChoices.selectedReward: ${check.message}`);
    ctx.accounts.setSelectedReward(customer.accountId, promotion.id, encodeSelectedReward(check.choices));
    return ctx.accounts.get(customer.accountId) as Account;
  });
}
