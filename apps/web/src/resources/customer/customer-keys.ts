/**
 * Query keys of the customer's data that more than one feature reads or refreshes: an order is
 * shown by `orders` and refreshed by `ratings` once rated; answering a quote (`quotes`) changes
 * orders too, so it refreshes everything under `all`. Each feature nests its own keys under these.
 */
export const customerKeys = {
  all: ['customer'] as const,
  orders: () => [...customerKeys.all, 'portal', 'orders'] as const,
  order: (id: string) => [...customerKeys.orders(), 'detail', id] as const,
  deliverables: () => [...customerKeys.all, 'portal', 'deliverables'] as const,
  /** A property's page (decision 237): its orders' files, as the deliverables feature reads them. */
  property: (propertyId: string) => [...customerKeys.deliverables(), 'property', propertyId] as const,
  billing: () => [...customerKeys.all, 'billing'] as const,
};
