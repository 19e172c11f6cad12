import type { ContentBlock } from '@promo/domain/types';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/app-context';
import { contractQuery } from '../http/contract';

export function registerBlockRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** Open to everyone: the privacy policy page is an open page. Unknown ids are left out. */
  app.get('/block/get', async (request): Promise<ContentBlock[]> => {
    const { ids } = contractQuery(request, 'GET /block/get');
    const byId = ctx.content.blocks(ids);
    return ids.flatMap((id) => {
      const rawHtml = byId.get(id);
      return rawHtml === undefined ? [] : [{ id, props: { rawHtml } }];
    });
  });
}
