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

/** The promotion page's two views of the rep's customers: the customer table and the branch roll-up. */
export type PromotionView = 'customers' | 'branches';

export function promotionViewOf(current: URLSearchParams): PromotionView {
  return current.get('view') === 'branches' ? 'branches' : 'customers';
}

/**
 * The other view, with every parameter of both kept (the table's search, sort, page and branch, the
 * roll-up's sort), so that switching back shows each as it was left.
 */
export function promotionViewSearch(current: URLSearchParams, view: PromotionView): string {
  const next = new URLSearchParams(current);
  next.delete('customer');
  if (view === 'branches') next.set('view', 'branches');
  else next.delete('view');
  return `?${next.toString()}`;
}
