import { z } from 'zod';

/**
 * POST /audit/log: a rep's view of a customer, declared once. The server validates with this
 * schema (server/src/routes/audit.routes.ts) and stores any source and event it names; the rep's
 * screens (rep.queries.ts) send only the two views below, typed from it, as types only.
 */
export const auditEventSchema = z.object({
  source: z.string().trim().min(1, 'Required').max(100),
  event: z.string().trim().min(1, 'Required').max(100),
  data: z.object({
    user: z.string().max(254),
    globalId: z.string().max(100),
    globalName: z.string().max(300),
  }),
});

/** Each view of a customer the rep's screens write. */
export type AuditEvent = z.input<typeof auditEventSchema> & {
  source: 'salesrep';
  event: 'customer_promotion_view' | 'customer_account_view';
};
