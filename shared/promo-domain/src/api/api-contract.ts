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
import { loginSchema, sessionInfoSchema, userRecordSchema, usersRequestSchema } from './session.schema';

/**
 * The /api/v1 contract: every route the app calls, by method and path, with the schema of its body
 * (POST), of its query string (the GETs that take one) and of its answer (docs/decisions/042-one-api-contract.md).
 *
 * - The server reads bodies and queries with these schemas (contractBody and contractQuery in
 *   server/src/http/contract.ts) and checks every 2xx answer of these routes against its schema:
 *   an answer that strays is a 500 naming the route and the field.
 * - The browser's http client (http/http-client.ts) takes its paths, bodies, queries and answer
 *   types from this table, as types only: a call to a route that is not here, with another body,
 *   or reading another answer, fails the typecheck; no browser bundle takes zod.
 * - server/src/http/contract.test.ts fails when the table and the routes the server serves part.
 */

/** The answer of a call whose only news is that it worked. */
const okSchema = z.object({ ok: z.boolean() });

interface RouteContract {
  body?: z.ZodType;
  query?: z.ZodType;
  answer: z.ZodType;
}

export const API_CONTRACT = {
  'GET /session/get': { answer: sessionInfoSchema },
  'POST /session/login': { body: loginSchema, answer: sessionInfoSchema },
  'GET /session/logout': { answer: okSchema },
  'POST /user/get': { body: usersRequestSchema, answer: z.array(userRecordSchema) },

  'POST /user/signup': { body: signupSchema, answer: okSchema },
  'POST /user/verify/email': { body: verifyEmailSchema, answer: verifyEmailResultSchema },
  'POST /user/forgot/password': { body: forgotPasswordSchema, answer: okSchema },
  'POST /user/reset/password': { body: resetPasswordSchema, answer: okSchema },
  'POST /auth0/get/auth/url': { body: ssoConsentRequestSchema, answer: ssoConsentSchema },
  'POST /form-submission/submit': { body: formSubmissionSchema, answer: okSchema },
  'GET /block/get': { query: idsQuerySchema, answer: z.array(contentBlockSchema) },

  'GET /account/get': { query: idsQuerySchema, answer: z.array(accountSchema) },
  'POST /account/opt/into/promotion': { body: optInSchema, answer: accountSchema },
  'POST /account/confirm/account/association': { body: associationSchema, answer: accountSchema },
  'POST /account/update/tracking': { body: trackingSchema, answer: okSchema },
  'POST /account/promotion/update/choices': { body: choicesSchema, answer: accountSchema },
  'GET /promotion/get': { query: promotionQuerySchema, answer: z.array(promotionSchema) },
  'GET /configuration/get': { query: idsQuerySchema, answer: z.array(configurationEntrySchema) },

  'POST /account/search': { body: accountSearchSchema, answer: accountSearchResponseSchema },
  'POST /audit/log': { body: auditEventSchema, answer: okSchema },

  'GET /notifications/preferences': { answer: notificationPreferencesSchema },
  'POST /notifications/preferences': { body: preferencesUpdateSchema, answer: notificationPreferencesSchema },
  'GET /notifications/config': { answer: notificationsConfigSchema },
  'POST /notifications/subscribe': { body: subscribeSchema, answer: okSchema },
  'POST /notifications/unsubscribe': { body: unsubscribeSchema, answer: okSchema },
} as const satisfies Record<`${'GET' | 'POST'} /${string}`, RouteContract>;

export type ApiContract = typeof API_CONTRACT;
export type ApiRoute = keyof ApiContract;
