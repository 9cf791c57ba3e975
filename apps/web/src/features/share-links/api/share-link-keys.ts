/** What a link shares: one order, or a property (the organisation's orders at one site address, decision 237). */
export type TShareSubject = { orderId: string } | { propertyId: string };

/** The customer API path of a subject's links. */
export function shareLinksPathOf(subject: TShareSubject) {
  return 'orderId' in subject
    ? `/api/customer/orders/${encodeURIComponent(subject.orderId)}/share-links`
    : `/api/customer/properties/${encodeURIComponent(subject.propertyId)}/share-links`;
}

/** Query keys of share links (per order or property) and of the public share page (per token). */
export const shareLinkKeys = {
  all: ['share-links'] as const,
  of: (subject: TShareSubject) =>
    'orderId' in subject
      ? ([...shareLinkKeys.all, 'order', subject.orderId] as const)
      : ([...shareLinkKeys.all, 'property', subject.propertyId] as const),
  shared: (token: string) => ['shared-order', token] as const,
};

/** The query key of the caller's organisation's branding (decision 223). */
export const brandingKey = ['organization-branding'] as const;
