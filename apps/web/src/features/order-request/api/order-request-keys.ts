import { customerKeys } from '../../../resources/customer/customer-keys.ts';

/** Query keys of the new request: the organisation's sites and a past order's values. */
export const orderRequestKeys = {
  all: [...customerKeys.all, 'order-request'] as const,
  sites: () => [...orderRequestKeys.all, 'sites'] as const,
  orderAgain: (orderId: string) => [...orderRequestKeys.all, 'order-again', orderId] as const,
};
