import { z } from 'zod';
import { customerIdSchema, emailSchema, nameSchema, newPasswordSchema } from '../validation/field.schema';

/**
 * The guest pages' calls to the `/user/*` and `/auth0/*` routes of `/api/v1`, both ways, declared
 * once. The server validates with these schemas (server/src/routes/user.routes.ts) and checks its
 * answers against them (api-contract.ts); the client's calls (public.api.ts) take the types inferred
 * from them, as types only, so no route bundles zod.
 */

/** POST /user/verify/email answers with this. */
export const verifyEmailResultSchema = z.object({
  verified: z.boolean(),
  /** A link opened a second time: treated as success (docs/product-rules.md, 'Set password'). */
  alreadyVerified: z.boolean(),
});

/** POST /auth0/get/auth/url: where to come back to after single sign-on. */
export const ssoConsentRequestSchema = z
  .object({
    // Only a path on our own site, so the flow cannot be turned into an open redirect.
    returnTo: z
      .string()
      .max(500)
      .regex(/^\/(?![/\\])/, 'Must be a path starting with /')
      .optional(),
  })
  .optional()
  .default({});

/** POST /auth0/get/auth/url answers with where to send a rep for single sign-on. */
export const ssoConsentSchema = z.object({ consentUrl: z.string() });

/** A verification or password link's token. */
const tokenSchema = z.string().trim().min(1, 'Required').max(200);

/** POST /user/signup: a registration. */
export const signupSchema = z.object({
  firstname: nameSchema,
  surname: nameSchema,
  email: emailSchema,
  // The registration form carries a password field that is unused; the password is set
  // through the e-mailed link instead. Accepted so the client may send it, and ignored.
  password: z.string().max(200).optional(),
  customerID: customerIdSchema,
});
export type SignupRequest = z.input<typeof signupSchema>;

/** POST /user/verify/email: the verification link's address and token. */
export const verifyEmailSchema = z.object({ email: emailSchema, hash: tokenSchema });
export type VerifyEmailRequest = z.input<typeof verifyEmailSchema>;

/** POST /user/forgot/password. */
export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordSchema>;

/** POST /user/reset/password: `hash` is the reset link's, or the verify link's `phash` for a first password. */
export const resetPasswordSchema = z.object({
  email: emailSchema,
  hash: tokenSchema,
  password: newPasswordSchema,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordSchema>;
