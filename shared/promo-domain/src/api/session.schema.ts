import { z } from 'zod';
import { ROLES, SIGNED_IN_ROLES } from './values';

/**
 * The session's calls to `/api/v1`, both ways, declared once. The server validates the bodies with
 * these schemas (server/src/routes/session.routes.ts, user.routes.ts) and checks its answers against
 * them (api-contract.ts); session.ts takes the types inferred from them, as types only, so no route
 * bundles zod.
 */

/** GET /session/get and POST /session/login answer with this. */
export const sessionInfoSchema = z.object({
  role: z.enum(ROLES),
  /** '0' for anonymous. */
  userid: z.string(),
  /** Customers only: the account they act for. */
  accountid: z.string().optional(),
});

/** POST /user/get answers with a list of these. */
export const userRecordSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstname: z.string(),
  surname: z.string(),
  role: z.enum(SIGNED_IN_ROLES),
  /** Region names a rep may see; empty for customers. */
  allowedRegions: z.array(z.string()),
});

/** POST /session/login with an e-mail address and password. */
export const passwordLoginSchema = z.object({
  email: z.string().trim().min(1, 'Required').max(254),
  password: z.string().min(1, 'Required').max(200),
});

/**
 * POST /session/login on a rep's return from single sign-on: what the identity provider sent the
 * callback page, `iss` included where it sends one (the server checks it is the provider's).
 */
export const ssoLoginSchema = z.object({
  code: z.string().min(1, 'Required').max(4096),
  state: z.string().min(1, 'Required').max(200),
  iss: z.string().max(500).optional(),
  isRepSSO: z.literal(true),
});
/**
 * POST /session/login takes either. The server picks the member by `isRepSSO` before it parses,
 * so that a refusal names the field of the sign-in that was meant.
 */
export const loginSchema = z.union([ssoLoginSchema, passwordLoginSchema]);
export type LoginRequest = z.input<typeof loginSchema>;

/**
 * GET /session/logout answers with this. `endSessionUrl`: for a session begun through single
 * sign-on, the identity provider's sign-out, where the browser goes next and from which it returns
 * to /login.
 */
export const logoutAnswerSchema = z.object({ ok: z.boolean(), endSessionUrl: z.string().optional() });

/** POST /user/get: the users to read. */
export const usersRequestSchema = z.object({ ids: z.array(z.string().max(100)).max(100) });
export type UsersRequest = z.input<typeof usersRequestSchema>;

/** POST /user/search: users whose e-mail, name or id holds the text, a page at a time, by e-mail. */
export const userSearchSchema = z.object({
  searchText: z.string().max(200).optional(),
  offset: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(100).optional(),
});

/** POST /user/search answers with a page of users and how many match in all. */
export const userSearchResponseSchema = z.object({
  items: z.array(userRecordSchema),
  total: z.number().int().min(0),
});
