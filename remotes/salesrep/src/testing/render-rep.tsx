import { buildRepSession } from '@promo/domain/testing/data-generators';
import { renderRoutes } from '@promo/ui/testing';
import { Provider } from 'jotai';
import { createRoutes } from '../routes';

/**
 * The salesrep remote's routes at `url` through the one render helper (@promo/ui/testing), for a
 * rep, with fresh jotai atoms as after a sign-in (the shell keeps one store across sign-ins).
 */
export const renderRep = (url: string, session = buildRepSession()) =>
  renderRoutes(createRoutes(), { url, session, wrapper: Provider });
