/**
 * The route tables of spec 001 §2 as the tests expect them: path and title (the sidebar label).
 * The customer portal adds New Request (decision 104).
 */
export const PORTAL_ROUTES = {
  customer: {
    title: 'Customer Portal',
    home: '/customer-dashboard',
    pages: [
      ['/customer-dashboard', 'Dashboard'],
      ['/customer/new-request', 'New Request'],
      ['/customer/orders', 'Orders'],
      ['/customer/quotes', 'Quotes & Invoices'],
      ['/customer/deliverables', 'Deliverables'],
      ['/customer/organization', 'Organization'],
      ['/customer/help', 'Help'],
    ],
  },
  provider: {
    title: 'Provider Portal',
    home: '/provider-dashboard',
    pages: [
      ['/provider-dashboard', 'Dashboard'],
      ['/provider/assignments', 'Assigned Jobs'],
      ['/provider/schedule', 'Schedule'],
      ['/provider/uploads', 'Uploads'],
      ['/provider/devices', 'Device Inventory'],
      ['/provider/organization', 'Organization'],
      ['/provider/certification', 'Certification'],
    ],
  },
  admin: {
    title: 'Admin Portal',
    home: '/admin',
    pages: [
      ['/admin', 'Dashboard'],
      ['/admin/triage', 'Triage'],
      ['/admin/quotes', 'Quotes'],
      ['/admin/assignments', 'Assignments'],
      ['/admin/orders', 'Orders'],
      ['/admin/providers', 'Providers'],
      ['/admin/customers', 'Customers'],
      ['/admin/invitations', 'Invitations'],
      ['/admin/reporting', 'Reporting'],
      ['/admin/audit', 'Audit'],
      ['/admin/settings', 'Settings'],
    ],
  },
} as const;

export type TPortalName = keyof typeof PORTAL_ROUTES;
export const PORTAL_NAMES = Object.keys(PORTAL_ROUTES) as TPortalName[];
