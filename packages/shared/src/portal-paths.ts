/**
 * Signed-in routes (spec 001 §2 route tables), the personal account page and the auth sub-pages.
 * A module of its own, so the public entry bundle (which imports `paths.ts`) does not carry them.
 */
export const PORTAL_PATHS = {
  account: '/account',
  authForgotPassword: '/auth/forgot-password',
  authResetPassword: '/auth/reset-password',
  customer: {
    dashboard: '/customer-dashboard',
    newRequest: '/customer/new-request',
    orders: '/customer/orders',
    quotes: '/customer/quotes',
    deliverables: '/customer/deliverables',
    organization: '/customer/organization',
    webhooks: '/customer/webhooks',
    apiKeys: '/customer/api-keys',
    help: '/customer/help',
  },
  provider: {
    dashboard: '/provider-dashboard',
    assignments: '/provider/assignments',
    schedule: '/provider/schedule',
    uploads: '/provider/uploads',
    devices: '/provider/devices',
    organization: '/provider/organization',
    certification: '/provider/certification',
    earnings: '/provider/earnings',
  },
  admin: {
    dashboard: '/admin',
    triage: '/admin/triage',
    quotes: '/admin/quotes',
    invoices: '/admin/invoices',
    assignments: '/admin/assignments',
    orders: '/admin/orders',
    providers: '/admin/providers',
    customers: '/admin/customers',
    invitations: '/admin/invitations',
    reporting: '/admin/reporting',
    payouts: '/admin/payouts',
    audit: '/admin/audit',
    settings: '/admin/settings',
    inbox: '/admin/inbox',
    support: '/admin/support',
  },
} as const;

/** The query parameter of the new request that names the past order to order again. */
export const ORDER_AGAIN_PARAM = 'from';

/** "Order again": the new request, filled from the organisation's past order. */
export function orderAgainPath(orderId: string): string {
  return `${PORTAL_PATHS.customer.newRequest}?${ORDER_AGAIN_PARAM}=${encodeURIComponent(orderId)}`;
}

/** A provider's job page, made for the phone on site: `/provider/jobs/:assignmentId`. */
export function providerJobPath(assignmentId: string): string {
  return `/provider/jobs/${encodeURIComponent(assignmentId)}`;
}

const PROVIDER_JOB_PATH = /^\/provider\/jobs\/([0-9a-f-]{36})$/i;

/** The assignment a provider's job path names, or null when the path is not one. */
export function matchProviderJobPath(pathname: string): { assignmentId: string } | null {
  const match = PROVIDER_JOB_PATH.exec(pathname);
  return match ? { assignmentId: match[1] as string } : null;
}

/** A property's page in the customer portal (decision 237): `/customer/properties/:propertyId`. */
export function propertyPath(propertyId: string): string {
  return `/customer/properties/${encodeURIComponent(propertyId)}`;
}

const PROPERTY_PATH = /^\/customer\/properties\/([A-Za-z0-9_-]{22})$/;

/** The property a property path names, or null when the path is not one. */
export function matchPropertyPath(pathname: string): { propertyId: string } | null {
  const match = PROPERTY_PATH.exec(pathname);
  return match ? { propertyId: match[1] as string } : null;
}

/** The portals whose order pages list deliverables, each under its own prefix. */
const VIEWER_PREFIXES = { customer: '/customer', provider: '/provider', admin: '/admin' } as const;
type TViewerPortal = keyof typeof VIEWER_PREFIXES;

/** A deliverable's viewer page: `<portal>/orders/:orderId/files/:fileId`. */
export function deliverableViewerPath(portal: TViewerPortal, orderId: string, fileId: string): string {
  return `${VIEWER_PREFIXES[portal]}/orders/${encodeURIComponent(orderId)}/files/${encodeURIComponent(fileId)}`;
}

const VIEWER_PATH = /^\/(customer|provider|admin)\/orders\/([0-9a-f-]{36})\/files\/([0-9a-f-]{36})$/i;

/** The portal, order and file a viewer path names, or null when the path is not one. */
export function matchDeliverableViewerPath(
  pathname: string,
): { portal: TViewerPortal; orderId: string; fileId: string } | null {
  const match = VIEWER_PATH.exec(pathname);
  if (!match) return null;
  return { portal: match[1] as TViewerPortal, orderId: match[2] as string, fileId: match[3] as string };
}

/** The customer's support requests and their replies: the dashboard's Support tab. */
export const CUSTOMER_SUPPORT_PATH = `${PORTAL_PATHS.customer.dashboard}?tab=support`;

/** One support request in the admins' inbox. */
export function adminSupportRequestPath(id: string): string {
  return `${PORTAL_PATHS.admin.support}?request=${encodeURIComponent(id)}`;
}
