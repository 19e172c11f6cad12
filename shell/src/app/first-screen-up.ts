import { afterFirstScreen } from '@promo/ui/after-first-screen';

/**
 * Resolves once the first screen is up: its page's code in, React's render of it finished (the
 * browser has idle time again), and then its images painted (afterFirstScreen). A chunk of its own,
 * loaded only by a return visit that starts from the device (bootstrap.tsx): /login never does.
 */
export async function firstScreenUp(firstPage: Promise<void> | undefined, waitMs: number): Promise<void> {
  await firstPage;
  await new Promise<void>((resolve) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(() => resolve(), { timeout: waitMs })
      : setTimeout(resolve, 0),
  );
  await afterFirstScreen();
}
