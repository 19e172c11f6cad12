import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { auditEventSchema, type AuditEvent } from '../api/audit-event.schema';

describe("a rep's view of a customer, for the audit log", () => {
  it('is a body the server takes, naming the view and the customer', () => {
    expectTypeOf<AuditEvent>().toExtend<z.input<typeof auditEventSchema>>();
    const view: AuditEvent = {
      source: 'salesrep',
      event: 'customer_account_view',
      data: { user: 'rep@demo.test', globalId: 'G100001', globalName: 'Kahikatea Auto Repairs Ltd' },
    };
    expect(auditEventSchema.safeParse(view).success).toBe(true);
    expect(auditEventSchema.safeParse({ ...view, data: { user: 'rep@demo.test' } }).success).toBe(false);
  });
});
