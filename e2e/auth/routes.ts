/**
 * The route tables of spec 001 §2 as the tests expect them: path and title (the sidebar label).
 * The customer portal adds New Request (decision 104), and Webhooks and API keys for customer
 * admins only (issue 15); the admin portal adds the Inbox (decision 119); Invoices (admin, decision 209), Earnings (provider) and Payouts (admin) come with
 * decision 213. Inbox, Orders (customer)
 * and Assigned Jobs (provider) may carry a count of unread messages after their label.
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
      ['/customer/webhooks', 'Webhooks'],
      ['/customer/api-keys', 'API keys'],
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
      ['/provider/earnings', 'Earnings'],
    ],
  },
  admin: {
    title: 'Admin Portal',
    home: '/admin',
    pages: [
      ['/admin', 'Dashboard'],
      ['/admin/inbox', 'Inbox'],
      ['/admin/support', 'Support'],
      ['/admin/triage', 'Triage'],
      ['/admin/quotes', 'Quotes'],
      ['/admin/invoices', 'Invoices'],
      ['/admin/assignments', 'Assignments'],
      ['/admin/orders', 'Orders'],
      ['/admin/providers', 'Providers'],
      ['/admin/customers', 'Customers'],
      ['/admin/invitations', 'Invitations'],
      ['/admin/reporting', 'Reporting'],
      ['/admin/payouts', 'Payouts'],
      ['/admin/audit', 'Audit'],
      ['/admin/settings', 'Settings'],
    ],
  },
} as const;

/**
 * Pages outside the sidebars, each opened from a link on another page, with the parameters the
 * portal-pages sweep fills from the data it makes: a property's page (decision 237), linked from
 * every order.
 */
export const LINKED_PAGES = {
  customer: [['/customer/properties/:propertyId', 'Property']],
} as const;

/** A linked page's path with its parameters filled in. */
export function linkedPath(pattern: string, params: Record<string, string>) {
  return pattern.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`no value for :${name} in ${pattern}`);
    return encodeURIComponent(value);
  });
}

/** Pages of a portal only some of its roles have (the others get the not-found page). */
export const ROLE_ONLY_PAGES: Readonly<Record<string, readonly string[]>> = {
  '/customer/webhooks': ['customer_admin'],
  '/customer/api-keys': ['customer_admin'],
};

/** The pages a role sees in its portal's sidebar, in order. */
export function pagesOf(portal: keyof typeof PORTAL_ROUTES, role: string) {
  return PORTAL_ROUTES[portal].pages.filter(([path]) => ROLE_ONLY_PAGES[path]?.includes(role) ?? true);
}

export type TPortalName = keyof typeof PORTAL_ROUTES;
export const PORTAL_NAMES = Object.keys(PORTAL_ROUTES) as TPortalName[];
