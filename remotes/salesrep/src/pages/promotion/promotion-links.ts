/** The query strings of the screens under /salesrep/promotions/{id}; the table's own parameters are kept. */
export function customerSearch(current: URLSearchParams, customerId: string): string {
  const next = new URLSearchParams(current);
  next.set('customer', customerId);
  next.delete('view');
  return `?${next.toString()}`;
}

export function accountSearch(current: URLSearchParams, customerId: string): string {
  const next = new URLSearchParams(current);
  next.set('customer', customerId);
  next.set('view', 'account');
  return `?${next.toString()}`;
}
