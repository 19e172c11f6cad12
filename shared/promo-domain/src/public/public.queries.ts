import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '@promo/domain/http';
import { getContentBlocks, verifyEmail, type VerifyEmailResult } from '@promo/domain/public-api';

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
