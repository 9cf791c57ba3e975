/** Query keys of the customer's quotes and invoices. */
export const customerBillingKeys = {
  all: ['customer', 'billing'] as const,
  quotes: () => [...customerBillingKeys.all, 'quotes'] as const,
  awaiting: () => [...customerBillingKeys.all, 'awaiting'] as const,
  invoice: (quoteId: string) => [...customerBillingKeys.all, 'invoice', quoteId] as const,
};

/** Everything the customer portal reads (orders change status when a quote is answered). */
export const CUSTOMER_QUERIES_ROOT = ['customer'] as const;

/** Quotes per page ("Load more" fetches the next one). */
export const QUOTES_PAGE_SIZE = 20;
