import type { AuditEvent } from '@promo/domain/api/audit-event.schema';
import { repMutations } from '@promo/domain/rep/rep.queries';
import type { Account } from '@promo/domain/types';
import { afterFirstScreen } from '@promo/ui/after-first-screen';
import { useMutation } from '@promo/domain/query';
import { useEffect, useRef } from 'react';

/**
 * Each view of a customer writes an audit event (POST /audit/log), once per view: a new
 * visit (or another customer) writes again; re-renders do not. A failed write is retried, then
 * logged; it does not keep the rep from the customer. The write waits until the view has painted
 * (afterFirstScreen): it is not part of what the rep waits to see, and on a slow link a request
 * sent with the render competes with the view's own code and data. A view left before it painted
 * was never seen, and writes nothing.
 */
export function useCustomerViewAudit(
  event: AuditEvent['event'],
  account: Pick<Account, 'id' | 'name'> | undefined,
  userEmail: string | undefined,
): void {
  const { mutate } = useMutation({
    ...repMutations.logAuditEvent(),
    onError: (error) => console.error('The audit event could not be written.', error),
  });
  const written = useRef<string | null>(null);
  const shown = useRef(false);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);

  useEffect(() => {
    if (!account || !userEmail) return;
    const key = `${event}:${account.id}`;
    if (written.current === key) return;
    written.current = key;
    const data = { user: userEmail, globalId: account.id, globalName: account.name };
    void afterFirstScreen().then(() => {
      if (shown.current) mutate({ source: 'salesrep', event, data });
    });
  }, [event, account, userEmail, mutate]);
}
