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
  },
  admin: {
    dashboard: '/admin',
    triage: '/admin/triage',
    quotes: '/admin/quotes',
    assignments: '/admin/assignments',
    orders: '/admin/orders',
    providers: '/admin/providers',
    customers: '/admin/customers',
    invitations: '/admin/invitations',
    reporting: '/admin/reporting',
    audit: '/admin/audit',
    settings: '/admin/settings',
    inbox: '/admin/inbox',
  },
} as const;

/** The query parameter of the new request that names the past order to order again. */
export const ORDER_AGAIN_PARAM = 'from';

/** "Order again": the new request, filled from the organisation's past order. */
export function orderAgainPath(orderId: string): string {
  return `${PORTAL_PATHS.customer.newRequest}?${ORDER_AGAIN_PARAM}=${encodeURIComponent(orderId)}`;
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
