import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../http/app-context';
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

const devAuditQuerySchema = z.object({
  globalId: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

/** One stored audit event, as the development read endpoint answers it. */
export interface AuditEntry {
  userId: string;
  source: string;
  event: string;
  data: { user: string; globalId: string; globalName: string };
  /** epoch ms */
  createdAt: number;
}

interface AuditRow {
  user_id: string;
  source: string;
  event: string;
  data: string;
  created_at: number;
}

export function registerAuditRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** Each time a rep views a customer, the client writes an audit event. */
  app.post('/audit/log', async (request, reply) => {
    const rep = requireRep(ctx, request, reply);
    const body = parseInput(auditSchema, request.body);
    ctx.db
      .prepare('INSERT INTO audit_log (user_id, source, event, data, created_at) VALUES (?, ?, ?, ?, ?)')
      .run(rep.id, body.source, body.event, JSON.stringify(body.data), ctx.now());
    return { ok: true };
  });

  if (!ctx.devEndpoints) return;

  /**
   * Development only (DEV_ENDPOINTS), like /dev/outbox: the stored audit events, newest first, so that
   * end-to-end tests can check what a rep's view of a customer wrote. Filtered by data.globalId.
   */
  app.get('/dev/audit', async (request): Promise<AuditEntry[]> => {
    const query = parseInput(devAuditQuerySchema, request.query);
    const rows = ctx.db
      .prepare(
        `SELECT user_id, source, event, data, created_at FROM audit_log
         WHERE @globalId IS NULL OR data ->> '$.globalId' = @globalId
         ORDER BY id DESC LIMIT @limit`,
      )
      .all({ globalId: query.globalId || null, limit: query.limit ?? 50 }) as AuditRow[];
    return rows.map((row) => ({
      userId: row.user_id,
      source: row.source,
      event: row.event,
      data: JSON.parse(row.data) as AuditEntry['data'],
      createdAt: row.created_at,
    }));
  });
}
