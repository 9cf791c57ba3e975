import { customerKeys } from '../../../resources/customer/customer-keys.ts';

/** Query keys of the customer's quotes. */
export const quoteKeys = {
  quotes: () => [...customerKeys.billing(), 'quotes'] as const,
  awaiting: () => [...customerKeys.billing(), 'awaiting'] as const,
};

/** Quotes per page ("Load more" fetches the next one). */
export const QUOTES_PAGE_SIZE = 20;
