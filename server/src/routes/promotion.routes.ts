import type { Promotion } from '@promo/domain/types';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../http/app-context';
import { contractQuery, parseInput, requireUser } from '../http/contract';
import { badRequest } from '../http/errors';

const searchSchema = z.object({
  offset: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(100).optional(),
  status: z.enum(['active', 'done']).optional(),
});

export function registerPromotionRoutes(app: FastifyInstance, ctx: AppContext): void {
  /**
   * By ids, or by window (the client asks for promotions that ended at most 90 days ago
   * and start at most 60 days ahead). Both forms together is a mistake, and a 400.
   */
  app.get('/promotion/get', async (request): Promise<Promotion[]> => {
    const query = contractQuery(request, 'GET /promotion/get');
    const hasWindow =
      query.endTimestampMoreThanEqual !== undefined || query.startTimestampLessThanEqual !== undefined;
    if (query.ids && hasWindow) throw badRequest('ids: Use either ids or the timestamp filters, not both');
    if (query.ids) return ctx.promotions.getMany(query.ids, ctx.now());
    return ctx.promotions.inWindow(
      { endFrom: query.endTimestampMoreThanEqual, startTo: query.startTimestampLessThanEqual },
      ctx.now(),
    );
  });

  app.post('/promotion/search', async (request, reply) => {
    requireUser(ctx, request, reply);
    const body = parseInput(searchSchema, request.body ?? {});
    return ctx.promotions.search(
      { offset: body.offset ?? 0, limit: body.limit ?? 20, status: body.status },
      ctx.now(),
    );
  });
}
