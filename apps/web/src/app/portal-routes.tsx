import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import type { ROLES, TPortal } from '@spacecapture/shared/roles';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import {
  ChartIcon,
  CpuIcon,
  DashboardIcon,
  HelpIcon,
  HistoryIcon,
  InboxIcon,
  KeyIcon,
  ListIcon,
  ReceiptIcon,
  SendIcon,
  SettingsIcon,
  UploadIcon,
  WebhookIcon,
} from '../components/portal/portal-icons.tsx';
import type { TIconProps } from '../components/ui/icons.tsx';
import {
  BadgeCheckIcon,
  BriefcaseIcon,
  BuildingIcon,
  CalendarIcon,
  ClipboardIcon,
  DownloadIcon,
  UsersIcon,
} from '../components/ui/marketing-icons.tsx';
import {
  CustomerUnreadBadge,
  InboxUnreadBadge,
  ProviderUnreadBadge,
} from '../features/conversations/components/unread-badge.tsx';

export type TPortalPage = {
  path: string;
  /** The sidebar label and the page's title (spec 001 §2). */
  label: string;
  icon: ComponentType<TIconProps>;
  Component: LazyExoticComponent<ComponentType>;
  /** Only these roles of the portal see the page (its server routes refuse the others). */
  roles?: readonly (typeof ROLES)[number][];
  /** A count shown beside the sidebar label. */
  Badge?: ComponentType;
  /** The sidebar sub-heading it sits under, beside the pages of the same group. */
  group?: string;
};

/** A page module loaded when first shown (its own chunk). */
function page(load: () => Promise<ComponentType>): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: await load() }));
}

const { customer, provider, admin } = PORTAL_PATHS;

/** The three route tables of spec 001 §2, in sidebar order. */
export const PORTAL_PAGES: Record<TPortal, readonly TPortalPage[]> = {
  customer: [
    {
      path: customer.dashboard,
      label: 'Dashboard',
      icon: DashboardIcon,
      Component: page(() => import('./routes/customer/dashboard.tsx').then((m) => m.CustomerDashboardRoute)),
    },
    {
      // Not in spec 001's table: ordering from the portal (issue 17 item 2, decision 104).
      path: customer.newRequest,
      label: 'New Request',
      icon: SendIcon,
      Component: page(() => import('./routes/customer/new-request.tsx').then((m) => m.CustomerNewRequestRoute)),
    },
    {
      path: customer.orders,
      label: 'Orders',
      icon: ListIcon,
      // Messages are read on an order's page: the count of unread ones sits beside the label.
      Badge: CustomerUnreadBadge,
      Component: page(() => import('./routes/customer/orders.tsx').then((m) => m.CustomerOrdersRoute)),
    },
    {
      path: customer.quotes,
      label: 'Quotes & Invoices',
      icon: ReceiptIcon,
      Component: page(() => import('./routes/customer/quotes.tsx').then((m) => m.CustomerQuotesRoute)),
    },
    {
      path: customer.deliverables,
      label: 'Deliverables',
      icon: DownloadIcon,
      Component: page(() => import('./routes/customer/deliverables.tsx').then((m) => m.CustomerDeliverablesRoute)),
    },
    {
      path: customer.organization,
      label: 'Organization',
      icon: BuildingIcon,
      Component: page(() => import('./routes/customer/organization.tsx').then((m) => m.CustomerOrganizationRoute)),
    },
    {
      // Not in spec 001's table: outgoing webhooks for customer admins (issue 15, decision 117).
      path: customer.webhooks,
      label: 'Webhooks',
      icon: WebhookIcon,
      group: 'Integrations',
      Component: page(() => import('./routes/customer/webhooks.tsx').then((m) => m.CustomerWebhooksRoute)),
      roles: ['customer_admin'],
    },
    {
      // Not in spec 001's table: API keys for the organisation's own systems (issue 15, decision 115).
      path: customer.apiKeys,
      label: 'API keys',
      icon: KeyIcon,
      group: 'Integrations',
      Component: page(() => import('./routes/customer/api-keys.tsx').then((m) => m.CustomerApiKeysRoute)),
      roles: ['customer_admin'],
    },
    {
      path: customer.help,
      label: 'Help',
      icon: HelpIcon,
      Component: page(() => import('./routes/customer/help.tsx').then((m) => m.CustomerHelpRoute)),
    },
  ],
  provider: [
    {
      path: provider.dashboard,
      label: 'Dashboard',
      icon: DashboardIcon,
      Component: page(() => import('./routes/provider/dashboard.tsx').then((m) => m.ProviderDashboardRoute)),
    },
    {
      path: provider.assignments,
      label: 'Assigned Jobs',
      icon: BriefcaseIcon,
      // Messages are read on an accepted job's page: the count of unread ones sits beside the label.
      Badge: ProviderUnreadBadge,
      Component: page(() => import('./routes/provider/assignments.tsx').then((m) => m.ProviderAssignmentsRoute)),
    },
    {
      path: provider.schedule,
      label: 'Schedule',
      icon: CalendarIcon,
      Component: page(() => import('./routes/provider/schedule.tsx').then((m) => m.ProviderScheduleRoute)),
    },
    {
      path: provider.uploads,
      label: 'Uploads',
      icon: UploadIcon,
      Component: page(() => import('./routes/provider/uploads.tsx').then((m) => m.ProviderUploadsRoute)),
    },
    {
      path: provider.devices,
      label: 'Device Inventory',
      icon: CpuIcon,
      Component: page(() => import('./routes/provider/devices.tsx').then((m) => m.ProviderDevicesRoute)),
    },
    {
      path: provider.organization,
      label: 'Organization',
      icon: BuildingIcon,
      Component: page(() => import('./routes/provider/organization.tsx').then((m) => m.ProviderOrganizationRoute)),
    },
    {
      path: provider.certification,
      label: 'Certification',
      icon: BadgeCheckIcon,
      Component: page(() => import('./routes/provider/certification.tsx').then((m) => m.ProviderCertificationRoute)),
    },
    {
      // Not in spec 001's table: what the organisation earned and was paid (issue 30, decision 213).
      path: provider.earnings,
      label: 'Earnings',
      icon: ReceiptIcon,
      Component: page(() => import('./routes/provider/earnings.tsx').then((m) => m.ProviderEarningsRoute)),
    },
  ],
  admin: [
    {
      path: admin.dashboard,
      label: 'Dashboard',
      icon: DashboardIcon,
      Component: page(() => import('./routes/admin/dashboard.tsx').then((m) => m.AdminDashboardRoute)),
    },
    {
      path: admin.inbox,
      label: 'Inbox',
      icon: InboxIcon,
      Badge: InboxUnreadBadge,
      Component: page(() => import('./routes/admin/inbox.tsx').then((m) => m.AdminInboxRoute)),
    },
    {
      path: admin.support,
      label: 'Support',
      icon: HelpIcon,
      Component: page(() => import('./routes/admin/support.tsx').then((m) => m.AdminSupportRoute)),
    },
    {
      path: admin.triage,
      label: 'Triage',
      icon: InboxIcon,
      Component: page(() => import('./routes/admin/triage.tsx').then((m) => m.AdminTriageRoute)),
    },
    {
      path: admin.quotes,
      label: 'Quotes',
      icon: ReceiptIcon,
      Component: page(() => import('./routes/admin/quotes.tsx').then((m) => m.AdminQuotesRoute)),
    },
    {
      // Not in spec 001's table: invoices and their payments (issue 30, decision 209).
      path: admin.invoices,
      label: 'Invoices',
      icon: ReceiptIcon,
      Component: page(() => import('./routes/admin/invoices.tsx').then((m) => m.AdminInvoicesRoute)),
    },
    {
      path: admin.assignments,
      label: 'Assignments',
      icon: BriefcaseIcon,
      Component: page(() => import('./routes/admin/assignments.tsx').then((m) => m.AdminAssignmentsRoute)),
    },
    {
      path: admin.orders,
      label: 'Orders',
      icon: ClipboardIcon,
      Component: page(() => import('./routes/admin/orders.tsx').then((m) => m.AdminOrdersRoute)),
    },
    {
      path: admin.providers,
      label: 'Providers',
      icon: CpuIcon,
      Component: page(() => import('./routes/admin/providers.tsx').then((m) => m.AdminProvidersRoute)),
    },
    {
      path: admin.customers,
      label: 'Customers',
      icon: UsersIcon,
      Component: page(() => import('./routes/admin/customers.tsx').then((m) => m.AdminCustomersRoute)),
    },
    {
      path: admin.invitations,
      label: 'Invitations',
      icon: SendIcon,
      Component: page(() => import('./routes/admin/invitations.tsx').then((m) => m.AdminInvitationsRoute)),
    },
    {
      path: admin.reporting,
      label: 'Reporting',
      icon: ChartIcon,
      Component: page(() => import('./routes/admin/reporting.tsx').then((m) => m.AdminReportingRoute)),
    },
    {
      // Not in spec 001's table: provider payouts and the 14-day promise (issue 30, decision 213).
      path: admin.payouts,
      label: 'Payouts',
      icon: ReceiptIcon,
      Component: page(() => import('./routes/admin/payouts.tsx').then((m) => m.AdminPayoutsRoute)),
    },
    {
      path: admin.audit,
      label: 'Audit',
      icon: HistoryIcon,
      Component: page(() => import('./routes/admin/audit.tsx').then((m) => m.AdminAuditRoute)),
    },
    {
      path: admin.settings,
      label: 'Settings',
      icon: SettingsIcon,
      Component: page(() => import('./routes/admin/settings.tsx').then((m) => m.AdminSettingsRoute)),
    },
  ],
};

export const ACCOUNT_PAGE: Omit<TPortalPage, 'icon'> = {
  path: PORTAL_PATHS.account,
  label: 'Account',
  Component: page(() => import('./routes/account/account.tsx').then((m) => m.AccountRoute)),
};

/** A deliverable in its viewer, in any portal (`<portal>/orders/:orderId/files/:fileId`); not in the sidebar. */
export const DELIVERABLE_PAGE: Omit<TPortalPage, 'icon' | 'path'> = {
  label: 'Deliverable',
  Component: page(() => import('./routes/portal/deliverable.tsx').then((m) => m.DeliverableRoute)),
};

/** A provider's job page (`/provider/jobs/:assignmentId`), reached from its job card and the calendar; not in the sidebar. */
export const PROVIDER_JOB_PAGE: Omit<TPortalPage, 'icon' | 'path'> = {
  label: 'Job',
  Component: page(() => import('./routes/provider/job.tsx').then((m) => m.ProviderJobRoute)),
};

/** A property's page (`/customer/properties/:propertyId`, decision 237), reached from its orders; not in the sidebar. */
export const PROPERTY_PAGE: Omit<TPortalPage, 'icon' | 'path'> = {
  label: 'Property',
  Component: page(() => import('./routes/customer/property.tsx').then((m) => m.CustomerPropertyRoute)),
};

/** The portal a signed-in path belongs to (by its prefix), or null. */
export function portalOfPath(pathname: string): TPortal | null {
  if (pathname === admin.dashboard || pathname.startsWith(`${admin.dashboard}/`)) return 'admin';
  if (pathname === customer.dashboard || pathname.startsWith('/customer/')) return 'customer';
  if (pathname === provider.dashboard || pathname.startsWith('/provider/')) return 'provider';
  return null;
}
