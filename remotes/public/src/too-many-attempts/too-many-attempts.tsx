import { ApiError } from '@promo/domain/http/http-client';
import { Notice } from '@promo/ui/notice';

/**
 * The server answers 429 to repeated sign-ins, reset requests and registrations, with a sentence
 * that names the wait ('Too many sign-in attempts. Try again in 1 minute.'; server/README.md
 * "Throttling"). A toast would be gone long before the wait is over, so the form shows it in place
 * until the next try, and keeps what was typed.
 */
export function isTooManyAttempts(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 429;
}

/** The refusal after `error`, when it was one; nothing otherwise. `fallback` when the server gave no reason. */
export function TooManyAttempts({ error, fallback }: { error: unknown; fallback: string }) {
  if (!isTooManyAttempts(error)) return null;
  return (
    <Notice tone="error">
      <p>{error.serverMessage ?? fallback}</p>
    </Notice>
  );
}
