import { http } from '@promo/domain/http/http-client';
import type { ContentBlock } from '../types';
import type { FormSubmission } from './form-submission.schema';
// The bodies' types are the server's schemas', as types only (guest-requests.schema.ts).
import type {
  ForgotPasswordRequest,
  ResetPasswordRequest,
  SignupRequest,
  VerifyEmailRequest,
} from './guest-requests.schema';

/**
 * The calls of the guest and open pages (server/README.md): registration, e-mail verification, forgotten and
 * reset passwords, single sign-on, form submission and content blocks. Sign-in itself is
 * `login` in '@promo/domain/session/session'.
 */

export interface VerifyEmailResult {
  verified: boolean;
  /** A link opened a second time: treated as success (docs/product-rules.md, 'Set password'). */
  alreadyVerified: boolean;
}

export const signup = (body: SignupRequest) => http.post<{ ok: boolean }>('/user/signup', body);

export const verifyEmail = (body: VerifyEmailRequest) =>
  http.post<VerifyEmailResult>('/user/verify/email', body);

export const forgotPassword = (body: ForgotPasswordRequest) =>
  http.post<{ ok: boolean }>('/user/forgot/password', body);

export const resetPassword = (body: ResetPasswordRequest) =>
  http.post<{ ok: boolean }>('/user/reset/password', body);

/** The identity provider's consent URL; the browser is sent there. */
export const getSsoConsentUrl = () => http.post<{ consentUrl: string }>('/auth0/get/auth/url', {});

export const submitForm = (body: FormSubmission) =>
  http.post<{ ok: boolean }>('/form-submission/submit', body);

export const getContentBlocks = (ids: string[]) => http.get<ContentBlock[]>('/block/get', { ids });

/** The content block of the privacy policy page. */
export const PRIVACY_POLICY_BLOCK_ID = 'privacy-policy-html';
