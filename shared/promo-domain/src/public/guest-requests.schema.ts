import { z } from 'zod';
import { customerIdSchema, emailSchema, nameSchema, newPasswordSchema } from '../validation/field.schema';

/**
 * The bodies the guest pages send to the `/user/*` routes of `/api/v1`, declared once. The server
 * validates with these schemas (server/src/routes/user.routes.ts); the client's calls
 * (public.api.ts) take the types inferred from them, as types only, so no route bundles zod.
 */

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
