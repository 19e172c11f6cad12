import {
  checkSelectedReward,
  encodeSelectedReward,
  isChoiceLocked,
} from '@promo/domain/promotion/selected-reward.rules';
import type { Account, AccountSearchResponse } from '@promo/domain/types';
import {
  associationSchema,
  choicesSchema,
  optInSchema,
  trackingSchema,
} from '@promo/domain/account/account-requests.schema';
import { accountSearchSchema } from '@promo/domain/rep/account-search.schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { searchAccounts } from '../accounts/account-search';
import type { AppContext } from '../http/app-context';
import { badRequest, forbidden, notFound } from '../http/errors';
import { requireCustomer, requireRep, requireUser } from '../http/session-guard';
import { idListSchema, parseInput } from '../http/validation';
import { isOpen } from '../promotions/promotion-store';

const ALREADY_CONFIRMED_MESSAGE = 'Account associations are already confirmed.';
const UNDER_REVIEW_MESSAGE = 'Account associations are already under review by the Ezy Rewards team.';
const CHOICES_LOCKED_MESSAGE = 'Reward choices are locked for this promotion.';
const NOT_OPEN_MESSAGE = 'This promotion is not open for joining.';
const NOT_ENROLLED_MESSAGE = 'You have not joined this promotion.';

const getQuerySchema = z.object({ ids: idListSchema });

export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** Customers read only their own account; reps read accounts of their allowed regions. */
  app.get('/account/get', async (request, reply): Promise<Account[]> => {
    const user = requireUser(ctx, request, reply);
    const { ids } = parseInput(getQuerySchema, request.query);
    if (user.role === 'customer') {
      if (ids.some((id) => id !== user.accountId)) throw forbidden('You can only view your own account.');
      return ctx.accounts.getMany(ids);
    }
    const accounts = ctx.accounts.getMany(ids);
    const outside = accounts.find((account) => !user.allowedRegions.includes(account.primaryRegion));
    if (outside) throw forbidden(`Account ${outside.id} is outside your regions.`);
    return accounts;
  });

  app.post('/account/search', async (request, reply): Promise<AccountSearchResponse> => {
    const rep = requireRep(ctx, request, reply);
    const body = parseInput(accountSearchSchema, request.body);
    return searchAccounts(ctx.db, body, { allowedRegions: rep.allowedRegions }, ctx.now());
  });

  /** Joining is idempotent: a second call returns the account unchanged. */
  app.post('/account/opt/into/promotion', async (request, reply): Promise<Account> => {
    const customer = requireCustomer(ctx, request, reply);
    const body = parseInput(optInSchema, request.body);
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

  /**
   * docs/product-rules.md, 'Account confirmation': every linked account answered plus the 'Other' row. All Yes and
   * Other No confirms the associations; anything else is 'challenged' for the team to review.
   */
  app.post('/account/confirm/account/association', async (request, reply): Promise<Account> => {
    const customer = requireCustomer(ctx, request, reply);
    const body = parseInput(associationSchema, request.body);
    const account = ctx.accounts.get(customer.accountId);
    if (!account) throw notFound('Your account no longer exists.');
    if (account.associationsConfirmationStatus === 'confirmed') throw badRequest(ALREADY_CONFIRMED_MESSAGE);
    if (account.associationsConfirmationStatus === 'challenged') throw badRequest(UNDER_REVIEW_MESSAGE);

    const answers = new Map<string, boolean>();
    let other: boolean | undefined;
    for (const answer of body.associations) {
      if (answer.division === 'other') {
        if (other !== undefined) throw badRequest('associations: "Other" is answered more than once.');
        other = answer.confirmed;
        continue;
      }
      const linked = account.divisionDetails.find((division) => division.id === answer.id);
      if (!linked) throw badRequest(`associations: ${answer.id} is not one of your linked accounts.`);
      if (linked.division !== answer.division) {
        throw badRequest(
          `associations: ${answer.id} belongs to division ${linked.division}, not ${answer.division}.`,
        );
      }
      if (answers.has(answer.id)) throw badRequest(`associations: ${answer.id} is answered more than once.`);
      answers.set(answer.id, answer.confirmed);
    }
    const unanswered = account.divisionDetails.find((division) => !answers.has(division.id));
    if (unanswered) throw badRequest(`associations: ${unanswered.id} is not answered.`);
    if (other === undefined) throw badRequest('associations: the "Other" question is not answered.');

    const status = [...answers.values()].every(Boolean) && !other ? 'confirmed' : 'challenged';
    ctx.accounts.confirmAssociations({
      accountId: account.id,
      userId: customer.id,
      answers: body.associations,
      comment: body.comment,
      status,
      at: ctx.now(),
    });
    return ctx.accounts.get(account.id) as Account;
  });

  /** Records when the customer last opened a promotion; the rep view shows it as "last viewed". */
  app.post('/account/update/tracking', async (request, reply) => {
    const customer = requireCustomer(ctx, request, reply);
    const body = parseInput(trackingSchema, request.body);
    if (!ctx.promotions.findIdCaseInsensitive(body.key))
      throw badRequest(`key: Unknown promotion ${body.key}.`);
    ctx.accounts.setTrackingTimestamp(customer.accountId, `${body.type}.${body.key}`, ctx.now());
    return { ok: true };
  });

  app.post('/account/promotion/update/choices', async (request, reply): Promise<Account> => {
    const customer = requireCustomer(ctx, request, reply);
    const body = parseInput(choicesSchema, request.body);
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
