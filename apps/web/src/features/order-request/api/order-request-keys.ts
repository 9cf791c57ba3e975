/** Query keys of the new request: the organisation's sites and a past order's values. */
export const orderRequestKeys = {
  all: ['customer', 'order-request'] as const,
  sites: () => [...orderRequestKeys.all, 'sites'] as const,
  orderAgain: (orderId: string) => [...orderRequestKeys.all, 'order-again', orderId] as const,
};

/** Everything the customer portal reads: a new order shows in its lists, its sites and its dashboard. */
export const CUSTOMER_QUERIES_ROOT = ['customer'] as const;
