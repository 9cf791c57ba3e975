import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { homePathOfRole, ROLES } from '@spacecapture/shared/roles';
import { describe, expect, it } from 'vitest';
import { PORTAL_PAGES, portalOfPath } from './portal-routes.tsx';

describe('portal route tables', () => {
  it('hold every route of spec 001 §2, each once, in its own portal', () => {
    for (const [portal, paths] of [
      ['customer', PORTAL_PATHS.customer],
      ['provider', PORTAL_PATHS.provider],
      ['admin', PORTAL_PATHS.admin],
    ] as const) {
      const tablePaths = PORTAL_PAGES[portal].map((page) => page.path);
      expect(new Set(tablePaths).size).toBe(tablePaths.length);
      expect([...tablePaths].sort()).toEqual(Object.values(paths).sort());
      for (const path of tablePaths) expect(portalOfPath(path)).toBe(portal);
    }
  });

  it('use the spec labels in the spec order (the customer portal adds New Request, decision 104; the admin portal Inbox, decision 119, Invoices, decision 209, and Payouts, decision 213; the provider portal Earnings, decision 213)', () => {
    expect(PORTAL_PAGES.customer.map((page) => page.label)).toEqual([
      'Dashboard',
      'New Request',
      'Orders',
      'Quotes & Invoices',
      'Deliverables',
      'Organization',
      'Webhooks',
      'API keys',
      'Help',
    ]);
    expect(PORTAL_PAGES.provider.map((page) => page.label)).toEqual([
      'Dashboard',
      'Assigned Jobs',
      'Schedule',
      'Uploads',
      'Device Inventory',
      'Organization',
      'Certification',
      'Earnings',
    ]);
    expect(PORTAL_PAGES.admin.map((page) => page.label)).toEqual([
      'Dashboard',
      'Inbox',
      'Support',
      'Triage',
      'Quotes',
      'Invoices',
      'Assignments',
      'Orders',
      'Providers',
      'Customers',
      'Invitations',
      'Reporting',
      'Payouts',
      'Audit',
      'Settings',
    ]);
  });

  it("put every role's home in that role's portal", () => {
    for (const role of ROLES) {
      const home = homePathOfRole(role);
      expect(PORTAL_PAGES[portalOfPath(home) ?? 'customer'].some((page) => page.path === home)).toBe(true);
    }
  });

  it('leave public and unknown paths alone', () => {
    expect(portalOfPath('/provider')).toBeNull();
    expect(portalOfPath('/')).toBeNull();
    expect(portalOfPath('/administration')).toBeNull();
    expect(portalOfPath('/customers')).toBeNull();
  });
});
