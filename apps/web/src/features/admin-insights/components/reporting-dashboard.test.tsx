import type { TReport } from '@spacecapture/shared/contracts/admin-console/reporting';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../../../test/mount-per-test.ts';
import { json, renderAt, until } from '../../../test/render-at.tsx';
import { ReportingDashboard } from './reporting-dashboard.tsx';

const money = { revenue: 0, refunds: 0, fees: 0, compensation: 0, paidOut: 0, receivables: 0, payables: 0, overdue: 0 };

const report: TReport = {
  range: { from: '2026-10-01', to: '2026-11-30' },
  ordersByStatus: [],
  ordersByMonth: [
    { month: '2026-10', count: 0 },
    { month: '2026-11', count: 2 },
  ],
  quoteConversion: { sent: 0, accepted: 0, declined: 0, expired: 0, awaiting: 0, conversionRate: null },
  revenueByCurrency: [],
  revenueByMonth: [],
  providerPerformance: [],
  moneyByMonth: [
    { month: '2026-10', currency: 'GBP', ...money },
    {
      month: '2026-11',
      currency: 'GBP',
      revenue: 1500,
      refunds: 250,
      fees: 0,
      compensation: 500,
      paidOut: 200,
      receivables: 1500,
      payables: 300,
      overdue: 100,
    },
  ],
  generatedAt: '2026-11-30T12:00:00.000Z',
};

beforeEach(() => {
  vi.stubGlobal('fetch', async () => json(200, report));
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const mount = mountPerTest();

describe('ReportingDashboard money by month', () => {
  it('shows each month with money in each currency, with its CSV', async () => {
    renderAt(mount.root, '/admin/reporting', <ReportingDashboard />);
    await until(() => expect(mount.container.querySelector('table[aria-label="Money by month"]')).not.toBeNull());
    const rows = [...(mount.container.querySelectorAll('table[aria-label="Money by month"] tbody tr') ?? [])].map(
      (row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    // October moved no money: it is left out.
    expect(rows).toEqual([
      ['Nov 2026 (GBP)', '£1,500.00', '£250.00', '£0.00', '£500.00', '£200.00', '£1,500.00', '£300.00', '£100.00'],
    ]);
    const csv = mount.container.querySelector('a[aria-label="Export CSV: money by month"]');
    expect(csv?.getAttribute('href')).toBe(
      '/api/admin/reporting.csv?from=2026-10-01&to=2026-11-30&table=money_by_month',
    );
  });
});
