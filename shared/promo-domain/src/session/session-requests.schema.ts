import { z } from 'zod';

/**
 * The bodies the session's calls send to `/api/v1`, declared once. The server validates with these
 * schemas (server/src/routes/session.routes.ts, user.routes.ts); session.ts takes the types
 * inferred from them, as types only, so no route bundles zod.
 */

/** POST /session/login with an e-mail address and password. */
export const passwordLoginSchema = z.object({
  email: z.string().trim().min(1, 'Required').max(254),
  password: z.string().min(1, 'Required').max(200),
});

/** POST /session/login on a rep's return from single sign-on. */
export const ssoLoginSchema = z.object({
  code: z.string().min(1, 'Required').max(200),
  state: z.string().min(1, 'Required').max(200),
  isRepSSO: z.literal(true),
});
export type LoginRequest = z.input<typeof passwordLoginSchema> | z.input<typeof ssoLoginSchema>;

/** POST /user/get: the users to read. */
export const usersRequestSchema = z.object({ ids: z.array(z.string().max(100)).max(100) });
export type UsersRequest = z.input<typeof usersRequestSchema>;
