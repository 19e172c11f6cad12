import { logAuditEvent, type AuditEvent } from '@promo/domain/rep';
import type { Account } from '@promo/domain/types';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * Each view of a customer writes an audit event (POST /audit/log), once per view: a new
 * visit (or another customer) writes again; re-renders do not. A failed write is retried, then
 * logged; it does not keep the rep from the customer.
 */
export function useCustomerViewAudit(
  event: AuditEvent['event'],
  account: Pick<Account, 'id' | 'name'> | undefined,
  userEmail: string | undefined,
): void {
  const { mutate } = useMutation({
    mutationFn: logAuditEvent,
    retry: 2,
    onError: (error) => console.error('The audit event could not be written.', error),
  });
  const written = useRef<string | null>(null);

  useEffect(() => {
    if (!account || !userEmail) return;
    const key = `${event}:${account.id}`;
    if (written.current === key) return;
    written.current = key;
    mutate({
      source: 'salesrep',
      event,
      data: { user: userEmail, globalId: account.id, globalName: account.name },
    });
  }, [event, account, userEmail, mutate]);
}
