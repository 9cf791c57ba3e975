import { customerKeys } from '../../../resources/customer/customer-keys.ts';

/** Query keys of the customer's support requests and the orders the form offers. */
export const supportKeys = {
  requests: () => [...customerKeys.all, 'support-requests'] as const,
  orderOptions: () => [...customerKeys.orders(), 'support-options'] as const,
};
