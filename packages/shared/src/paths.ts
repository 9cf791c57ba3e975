/** Route paths of the web app, in one place (spec 000 §2, 001 §2). */
export const PATHS = {
  home: '/',
  about: '/about',
  services: '/services',
  faq: '/faq',
  contact: '/contact',
  request: '/request',
  provider: '/provider',
  quoteEstimator: '/quote-estimator',
  auth: '/auth',
  privacy: '/privacy',
  terms: '/terms',
  customerDashboard: '/customer-dashboard',
  providerDashboard: '/provider-dashboard',
  admin: '/admin',
  /** A share link's public page: `/share/<token>` (decision 137). */
  share: '/share',
  /** A share link's embed page, framed by the sites its link lists: `/embed/<token>` (decision 224). */
  embed: '/embed',
} as const;

/**
 * Public pages prerendered to HTML at build time. Their titles and descriptions are in
 * public-pages.ts, away from the landing page's first script, which needs only the paths.
 */
export const PUBLIC_PAGE_PATHS = [
  '/',
  '/about',
  '/services',
  '/faq',
  '/contact',
  '/request',
  '/provider',
  '/quote-estimator',
  '/privacy',
  '/terms',
] as const;

export type TPublicPagePath = (typeof PUBLIC_PAGE_PATHS)[number];

export const PRODUCT_NAME = 'SpaceCapture';
