import type { ContentBlock } from '@promo/domain/types';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../http/app-context';
import { idListSchema, parseInput } from '../http/validation';

const querySchema = z.object({ ids: idListSchema });

export function registerBlockRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** Open to everyone: the privacy policy page is an open page. Unknown ids are left out. */
  app.get('/block/get', async (request): Promise<ContentBlock[]> => {
    const { ids } = parseInput(querySchema, request.query);
    const byId = ctx.content.blocks(ids);
    return ids.flatMap((id) => {
      const rawHtml = byId.get(id);
      return rawHtml === undefined ? [] : [{ id, props: { rawHtml } }];
    });
  });
}
