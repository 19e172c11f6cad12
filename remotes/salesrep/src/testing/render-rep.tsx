import { buildRepSession } from '@promo/domain/testing/data-generators';
import { renderRoutes } from '@promo/ui/testing';
import { createRoutes } from '../routes';

/**
 * The salesrep remote's routes at `url` through the one render helper (@promo/ui/testing), for a
 * rep. Its atoms live in the app's one jotai store, as in the browser; each test starts with their
 * first values (vitest.setup.ts).
 */
export const renderRep = (url: string, session = buildRepSession()) =>
  renderRoutes(createRoutes(), { url, session });
