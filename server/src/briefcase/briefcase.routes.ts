import type { BriefcasePage } from '@promo/domain/api/briefcase.schema';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/app-context';
import { contractBody, contractCaller } from '../http/contract';
import { briefcasePage } from './briefcase-pages';

/** The rep's briefcase, a page at a time (docs/decisions/047-rep-briefcase.md). */
export function registerBriefcaseRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/briefcase/page', async (request, reply): Promise<BriefcasePage> => {
    const rep = contractCaller(ctx, request, reply, 'POST /briefcase/page');
    const body = contractBody(request, 'POST /briefcase/page');
    return briefcasePage(
      ctx,
      {
        scope: { allowedRegions: rep.allowedRegions, branchIds: body.branchID },
        after: body.after,
        limit: body.limit,
      },
      ctx.now(),
    );
  });
}
