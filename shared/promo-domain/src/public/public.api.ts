import type { z } from 'zod';
import { http } from '@promo/domain/http/http-client';
import type { FormSubmission } from '../api/form-submission.schema';
// The bodies' types are the server's schemas', as types only (api/guest.schema.ts).
import type {
  ForgotPasswordRequest,
  ResetPasswordRequest,
  SignupRequest,
  VerifyEmailRequest,
  verifyEmailResultSchema,
} from '../api/guest.schema';

/**
 * The calls of the guest and open pages (server/README.md): registration, e-mail verification, forgotten and
 * reset passwords, single sign-on, form submission and content blocks. Sign-in itself is
 * `login` in '@promo/domain/session/session'.
 */

export type VerifyEmailResult = z.output<typeof verifyEmailResultSchema>;

export const signup = (body: SignupRequest) => http.post('/user/signup', body);

export const verifyEmail = (body: VerifyEmailRequest) => http.post('/user/verify/email', body);

export const forgotPassword = (body: ForgotPasswordRequest) => http.post('/user/forgot/password', body);

export const resetPassword = (body: ResetPasswordRequest) => http.post('/user/reset/password', body);

/** The identity provider's consent URL; the browser is sent there. */
export const getSsoConsentUrl = () => http.post('/auth0/get/auth/url', {});

export const submitForm = (body: FormSubmission) => http.post('/form-submission/submit', body);

export const getContentBlocks = (ids: string[]) => http.get('/block/get', { ids });

/** The content block of the privacy policy page. */
export const PRIVACY_POLICY_BLOCK_ID = 'privacy-policy-html';
