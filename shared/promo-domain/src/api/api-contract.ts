import { z } from 'zod';
import {
  accountSchema,
  associationSchema,
  choicesSchema,
  optInSchema,
  trackingSchema,
} from './account.schema';
import { accountSearchResponseSchema, accountSearchSchema } from './account-search.schema';
import { auditEventSchema } from './audit-event.schema';
import { briefcasePageAnswerSchema, briefcasePageSchema } from './briefcase.schema';
import { configurationEntrySchema, contentBlockSchema } from './content.schema';
import { formSubmissionSchema } from './form-submission.schema';
import {
  forgotPasswordSchema,
  resetPasswordSchema,
  signupSchema,
  ssoConsentRequestSchema,
  ssoConsentSchema,
  verifyEmailResultSchema,
  verifyEmailSchema,
} from './guest.schema';
import {
  notificationPreferencesSchema,
  notificationsConfigSchema,
  preferencesUpdateSchema,
  subscribeSchema,
  unsubscribeSchema,
} from './notifications.schema';
import { promotionSchema } from './promotion.schema';
import { idsQuerySchema, promotionQuerySchema } from './query.schema';
import {
  loginSchema,
  logoutAnswerSchema,
  sessionInfoSchema,
  userRecordSchema,
  userSearchResponseSchema,
  userSearchSchema,
  usersRequestSchema,
} from './session.schema';

/**
 * The /api/v1 contract: every route the app calls, by method and path, with who may call it, the
 * schema of its body (POST), of its query string (the GETs that take one) and of its answer
 * (docs/decisions/042-one-api-contract.md).
 *
 * - The server refuses a caller the table does not name before any handler runs, reads bodies and
 *   queries with these schemas (contractCaller, contractBody and contractQuery in
 *   server/src/http/contract.ts) and checks every 2xx answer of these routes against its schema:
 *   an answer that strays is a 500 naming the route and the field.
 * - The browser's http client (http/http-client.ts) takes its paths, bodies, queries and answer
 *   types from this table, as types only: a call to a route that is not here, with another body,
 *   or reading another answer, fails the typecheck; no browser bundle takes zod.
 * - server/src/http/contract.test.ts fails when the table and the routes the server serves part.
 */

/** The answer of a call whose only news is that it worked. */
const okSchema = z.object({ ok: z.boolean() });

/**
 * Who may call a route, and in what state: anyone, any signed-in user, one role, or a customer
 * whose linked accounts are confirmed. The server refuses everyone else before the route's handler
 * runs: 401 signed out; 403 signed in as another role, as a customer whose user is linked to no
 * account, or, for 'confirmed-customer', as a customer whose linked accounts are not confirmed or
 * are under review (docs/product-rules.md, 'Account confirmation'). Every route that acts on a
 * customer's trading accounts (joining, reward choices, recording a view) asks for
 * 'confirmed-customer': the confirmation is what says the accounts are theirs.
 */
export type Caller = 'anyone' | 'signed-in' | 'customer' | 'confirmed-customer' | 'rep';

/**
 * Whose users and accounts a route may name in its request or hold in its answer.
 * 'own-or-regions': a customer only their own user and account; a rep themself and the accounts,
 * and those accounts' customers, whose primary region is one of the rep's allowedRegions
 * (@promo/domain/rep/rep-reach.rules.ts). Every route that names or returns users or accounts has it.
 */
export type Reach = 'own-or-regions';

interface RouteContract {
  caller: Caller;
  reach?: Reach;
  body?: z.ZodType;
  query?: z.ZodType;
  answer: z.ZodType;
}

export const API_CONTRACT = {
  'GET /session/get': { caller: 'anyone', answer: sessionInfoSchema },
  'POST /session/login': { caller: 'anyone', body: loginSchema, answer: sessionInfoSchema },
  'GET /session/logout': { caller: 'anyone', answer: logoutAnswerSchema },
  'POST /user/get': {
    caller: 'signed-in',
    reach: 'own-or-regions',
    body: usersRequestSchema,
    answer: z.array(userRecordSchema),
  },
  'POST /user/search': {
    caller: 'rep',
    reach: 'own-or-regions',
    body: userSearchSchema,
    answer: userSearchResponseSchema,
  },

  'POST /user/signup': { caller: 'anyone', body: signupSchema, answer: okSchema },
  'POST /user/verify/email': { caller: 'anyone', body: verifyEmailSchema, answer: verifyEmailResultSchema },
  'POST /user/forgot/password': { caller: 'anyone', body: forgotPasswordSchema, answer: okSchema },
  'POST /user/reset/password': { caller: 'anyone', body: resetPasswordSchema, answer: okSchema },
  'POST /auth0/get/auth/url': { caller: 'anyone', body: ssoConsentRequestSchema, answer: ssoConsentSchema },
  'POST /form-submission/submit': {
    caller: 'anyone',
    reach: 'own-or-regions',
    body: formSubmissionSchema,
    answer: okSchema,
  },
  'GET /block/get': { caller: 'anyone', query: idsQuerySchema, answer: z.array(contentBlockSchema) },

  'GET /account/get': {
    caller: 'signed-in',
    reach: 'own-or-regions',
    query: idsQuerySchema,
    answer: z.array(accountSchema),
  },
  'POST /account/opt/into/promotion': {
    caller: 'confirmed-customer',
    body: optInSchema,
    answer: accountSchema,
  },
  'POST /account/confirm/account/association': {
    caller: 'customer',
    body: associationSchema,
    answer: accountSchema,
  },
  'POST /account/update/tracking': { caller: 'confirmed-customer', body: trackingSchema, answer: okSchema },
  'POST /account/promotion/update/choices': {
    caller: 'confirmed-customer',
    body: choicesSchema,
    answer: accountSchema,
  },
  'GET /promotion/get': {
    caller: 'signed-in',
    query: promotionQuerySchema,
    answer: z.array(promotionSchema),
  },
  'GET /configuration/get': {
    caller: 'signed-in',
    query: idsQuerySchema,
    answer: z.array(configurationEntrySchema),
  },

  'POST /account/search': {
    caller: 'rep',
    reach: 'own-or-regions',
    body: accountSearchSchema,
    answer: accountSearchResponseSchema,
  },
  'POST /audit/log': { caller: 'rep', reach: 'own-or-regions', body: auditEventSchema, answer: okSchema },
  'POST /briefcase/page': {
    caller: 'rep',
    reach: 'own-or-regions',
    body: briefcasePageSchema,
    answer: briefcasePageAnswerSchema,
  },

  'GET /notifications/preferences': { caller: 'signed-in', answer: notificationPreferencesSchema },
  'POST /notifications/preferences': {
    caller: 'signed-in',
    body: preferencesUpdateSchema,
    answer: notificationPreferencesSchema,
  },
  'GET /notifications/config': { caller: 'anyone', answer: notificationsConfigSchema },
  'POST /notifications/subscribe': { caller: 'signed-in', body: subscribeSchema, answer: okSchema },
  'POST /notifications/unsubscribe': { caller: 'signed-in', body: unsubscribeSchema, answer: okSchema },
} as const satisfies Record<`${'GET' | 'POST'} /${string}`, RouteContract>;

export type ApiContract = typeof API_CONTRACT;
export type ApiRoute = keyof ApiContract;
