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
} as const;

/** Public pages prerendered to HTML at build time, with their own title and description. */
export const PUBLIC_PAGES = [
  {
    path: '/',
    title: 'Capture Any Space. Without Owning Hardware.',
    description:
      'Request a professional 3D capture of any space — 3D models, virtual tours, digital twins, floor plans and point clouds — from certified providers.',
  },
  {
    path: '/about',
    title: 'About Us',
    description:
      'Our mission and process: from your request to a certified provider on site to secure delivery of your 3D capture.',
  },
  {
    path: '/services',
    title: 'Services',
    description:
      'Use cases and deliverables: virtual tours, floor plans, outdoor and aerial capture, and survey-grade point clouds.',
  },
  {
    path: '/faq',
    title: 'Frequently Asked Questions',
    description:
      'Answers for customers and providers: turnaround, payment, devices, rush options and deliverable formats.',
  },
  {
    path: '/contact',
    title: 'Contact Us',
    description: "Have questions about our services? Get in touch with our team and we'll be happy to help.",
  },
  {
    path: '/request',
    title: 'Request a Capture',
    description:
      'Tell us about your space and what you need; an admin reviews every request and matches a certified provider.',
  },
  {
    path: '/provider',
    title: 'Become a Provider',
    description:
      'Own a PRO, MINION, META or MEGA capture device? Join our network of certified providers and grow your business.',
  },
  {
    path: '/quote-estimator',
    title: 'Quote Estimator',
    description: 'Estimate the price, turnaround and suggested device for capturing your space.',
  },
  {
    path: '/privacy',
    title: 'Privacy Policy',
    description: 'How we collect, use, keep and protect personal data on the capture marketplace.',
  },
  {
    path: '/terms',
    title: 'Terms of Service',
    description: 'The terms that govern using the capture marketplace as a visitor, customer or provider.',
  },
] as const;

export const PRODUCT_NAME = 'SpaceCapture';
