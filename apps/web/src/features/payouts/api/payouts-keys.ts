/** Query keys of payouts: the admins' payables and runs, the provider's earnings and Stripe account. */
export const payoutsKeys = {
  all: ['payouts'] as const,
  payables: (status: string) => [...payoutsKeys.all, 'payables', status] as const,
  runs: () => [...payoutsKeys.all, 'runs'] as const,
  earnings: () => [...payoutsKeys.all, 'earnings'] as const,
  account: () => [...payoutsKeys.all, 'account'] as const,
};
