/** The portal whose review endpoints a screen reads: each checks the caller's own rights. */
export type TReviewPortal = 'customer' | 'provider' | 'admin';

/** Query keys of order reviews, under each portal's own prefix (its other queries refresh with them). */
export const reviewKeys = {
  review: (portal: TReviewPortal, orderId: string) => [portal, 'review', orderId] as const,
};
