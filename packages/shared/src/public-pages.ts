import { PUBLIC_PAGE_PATHS, type TPublicPagePath } from './paths.ts';

/** Each public page's own title and description, for its prerendered HTML and client navigation. */
const PUBLIC_PAGE_TEXTS: Record<TPublicPagePath, { title: string; description: string }> = {
  '/': {
    title: 'Capture Any Space. Without Owning Hardware.',
    description:
      'Request a professional 3D capture of any space — 3D models, virtual tours, digital twins, floor plans and point clouds — from certified providers.',
  },
  '/about': {
    title: 'About Us',
    description:
      'Our mission and process: from your request to a certified provider on site to secure delivery of your 3D capture.',
  },
  '/services': {
    title: 'Services',
    description:
      'Use cases and deliverables: virtual tours, floor plans, outdoor and aerial capture, and survey-grade point clouds.',
  },
  '/faq': {
    title: 'Frequently Asked Questions',
    description:
      'Answers for customers and providers: turnaround, payment, devices, rush options and deliverable formats.',
  },
  '/contact': {
    title: 'Contact Us',
    description: "Have questions about our services? Get in touch with our team and we'll be happy to help.",
  },
  '/request': {
    title: 'Request a Capture',
    description:
      'Tell us about your space and what you need; an admin reviews every request and matches a certified provider.',
  },
  '/provider': {
    title: 'Become a Provider',
    description:
      'Own a PRO, MINION, META or MEGA capture device? Join our network of certified providers and grow your business.',
  },
  '/quote-estimator': {
    title: 'Quote Estimator',
    description: 'Estimate the price, turnaround and suggested device for capturing your space.',
  },
  '/privacy': {
    title: 'Privacy Policy',
    description: 'How we collect, use, keep and protect personal data on the capture marketplace.',
  },
  '/terms': {
    title: 'Terms of Service',
    description: 'The terms that govern using the capture marketplace as a visitor, customer or provider.',
  },
};

export const PUBLIC_PAGES = PUBLIC_PAGE_PATHS.map((path) => ({ path, ...PUBLIC_PAGE_TEXTS[path] }));
