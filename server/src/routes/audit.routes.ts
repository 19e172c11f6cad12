import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../app-context';
import { requireRep } from '../http/session-guard';
import { parseInput } from '../http/validation';

const auditSchema = z.object({
  source: z.string().trim().min(1, 'Required').max(100),
  event: z.string().trim().min(1, 'Required').max(100),
  data: z.object({
    user: z.string().max(254),
    globalId: z.string().max(100),
    globalName: z.string().max(300),
  }),
});

export function registerAuditRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** Spec §6: each time a rep views a customer, the client writes an audit event. */
  app.post('/audit/log', async (request, reply) => {
    const rep = requireRep(ctx, request, reply);
    const body = parseInput(auditSchema, request.body);
    ctx.db
      .prepare('INSERT INTO audit_log (user_id, source, event, data, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(rep.id, body.source, body.event, JSON.stringify(body.data), ctx.now());
    return { ok: true };
  });
}
