import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AuditEntry } from '../audit/audit-store';
import type { AppContext } from '../http/app-context';
import { contractBody, contractCaller, parseInput } from '../http/contract';

const devAuditQuerySchema = z.object({
  globalId: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

export function registerAuditRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** Each time a rep views a customer, the client writes an audit event. */
  app.post('/audit/log', async (request, reply) => {
    const rep = contractCaller(ctx, request, reply, 'POST /audit/log');
    const body = contractBody(request, 'POST /audit/log');
    ctx.audit.write({ userId: rep.id, ...body, createdAt: ctx.now() });
    return { ok: true };
  });

  if (!ctx.devEndpoints) return;

  /**
   * Development only (DEV_ENDPOINTS), like /dev/outbox: the stored audit events, newest first, so that
   * end-to-end tests can check what a rep's view of a customer wrote. Filtered by data.globalId.
   */
  app.get('/dev/audit', async (request): Promise<AuditEntry[]> => {
    const query = parseInput(devAuditQuerySchema, request.query);
    return ctx.audit.recent({ globalId: query.globalId || null, limit: query.limit ?? 50 });
  });
}
