import { mutationOptions, queryOptions } from '@promo/domain/query';
import { ApiError } from '@promo/domain/http/http-client';
import {
  getContentBlocks,
  signup,
  submitForm,
  verifyEmail,
  type VerifyEmailResult,
} from '@promo/domain/public/public.api';

/** 'Already verified' is treated as success, whether the server answers it or refuses with it. */
export function isAlreadyVerifiedError(error: unknown): boolean {
  return error instanceof ApiError && /already verified/i.test(error.serverMessage ?? '');
}

export async function verifyEmailLink(email: string, hash: string): Promise<VerifyEmailResult> {
  try {
    return await verifyEmail({ email, hash });
  } catch (error) {
    if (isAlreadyVerifiedError(error)) return { verified: true, alreadyVerified: true };
    throw error;
  }
}

export const contentBlockQueries = {
  all: () => ['content-blocks'] as const,
  /** The block's raw HTML, or null when the server has no such block. Render it with <SafeHtml>. */
  detail: (id: string) =>
    queryOptions({
      queryKey: [...contentBlockQueries.all(), 'detail', id] as const,
      queryFn: async () => (await getContentBlocks([id]))[0]?.props.rawHtml ?? null,
    }),
};

export const emailVerificationQueries = {
  all: () => ['email-verification'] as const,
  /**
   * Verifying a link is idempotent on the server (a repeat answers alreadyVerified), so the verify
   * page asks it as a query: once per link, kept for the page's life, retried only on request.
   */
  link: (email: string, hash: string) =>
    queryOptions({
      queryKey: [...emailVerificationQueries.all(), email, hash] as const,
      queryFn: () => verifyEmailLink(email, hash),
      staleTime: Infinity,
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
    }),
};

/** The public forms' calls; none of their answers is cached, so none updates the cache. */
export const publicMutations = {
  /** POST /form-submission/submit (the contact and join-us forms). */
  submitForm: () => mutationOptions({ mutationKey: ['form-submission'], mutationFn: submitForm }),
  /** POST /user/signup (docs/product-rules.md, 'Registration'). */
  signup: () => mutationOptions({ mutationKey: ['signup'], mutationFn: signup }),
};
