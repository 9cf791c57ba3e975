/** Query keys of share links (per order) and of the public share page (per token). */
export const shareLinkKeys = {
  all: ['share-links'] as const,
  ofOrder: (orderId: string) => [...shareLinkKeys.all, 'order', orderId] as const,
  shared: (token: string) => ['shared-order', token] as const,
};
