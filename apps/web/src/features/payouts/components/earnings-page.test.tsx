import type { TEarnings } from '@spacecapture/shared/contracts/payouts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../../../test/mount-per-test.ts';
import { input, json, renderAt, typeInto, until } from '../../../test/render-at.tsx';
import { EarningsPage } from './earnings-page.tsx';

const ASSIGNMENT = '00000000-0000-4000-8000-000000000001';
const ORDER = '00000000-0000-4000-8000-000000000002';

const earnings: TEarnings = {
  range: { from: null, to: null },
  items: [
    {
      assignmentId: ASSIGNMENT,
      orderId: ORDER,
      orderTitle: 'Harbour warehouse scan',
      currency: 'GBP',
      compensation: 375,
      fee: 0,
      net: 375,
      reversed: 125,
      status: 'paid',
      payableSince: '2026-11-02T10:00:00.000Z',
      expectedBy: '2026-11-16T10:00:00.000Z',
      paidAt: '2026-11-10T09:00:00.000Z',
      reference: 'BACS-0001',
      adjustmentReason: null,
    },
    {
      assignmentId: '00000000-0000-4000-8000-000000000003',
      orderId: '00000000-0000-4000-8000-000000000004',
      orderTitle: 'Loft survey',
      currency: 'GBP',
      compensation: 120,
      fee: 0,
      net: 120,
      reversed: 0,
      status: 'pending_approval',
      payableSince: null,
      expectedBy: null,
      paidAt: null,
      reference: null,
      adjustmentReason: null,
    },
  ],
  totals: [{ currency: 'GBP', compensation: 375, fees: 0, paid: 375, payable: 0, pendingApproval: 120 }],
};

let requests: string[];

beforeEach(() => {
  requests = [];
  vi.stubGlobal('fetch', async (url: string) => {
    requests.push(url);
    return json(200, earnings);
  });
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const mount = mountPerTest();

const table = (label: string) => mount.container.querySelector(`table[aria-label="${label}"]`);
const link = (name: string) => [...mount.container.querySelectorAll('a')].find((item) => item.textContent === name);

describe('EarningsPage', () => {
  it('shows each job with its status, what a refund reversed, expected and paid dates, and the totals', async () => {
    renderAt(mount.root, '/provider/earnings', <EarningsPage />);
    await until(() => expect(table('Earnings by job')).not.toBeNull());
    expect(requests).toEqual(['/api/provider/earnings']);
    const rows = [...(table('Earnings by job')?.querySelectorAll('tbody tr') ?? [])].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(rows).toEqual([
      [
        'Harbour warehouse scan',
        'Paid',
        '£375.00£125.00 reversed by a refund',
        '£0.00',
        'Nov 16, 2026',
        'Nov 10, 2026',
        'BACS-0001',
      ],
      ['Loft survey', 'Pending approval', '£120.00', '£0.00', '–', '–', '–'],
    ]);
    const totals = [...(table('Totals per currency')?.querySelectorAll('tbody td') ?? [])].map(
      (cell) => cell.textContent,
    );
    expect(totals).toEqual(['GBP', '£375.00', '£0.00', '£375.00', '£0.00', '£120.00']);
  });

  it('links the statement of the chosen period as CSV and PDF', async () => {
    renderAt(mount.root, '/provider/earnings', <EarningsPage />);
    await until(() => expect(link('Download PDF')).toBeDefined());
    expect(link('Download CSV')?.getAttribute('href')).toBe('/api/provider/earnings/statement.csv');
    typeInto(input('From'), '2026-11-01');
    typeInto(input('To'), '2026-11-30');
    expect(link('Download CSV')?.getAttribute('href')).toBe(
      '/api/provider/earnings/statement.csv?from=2026-11-01&to=2026-11-30',
    );
    expect(link('Download PDF')?.getAttribute('href')).toBe(
      '/api/provider/earnings/statement.pdf?from=2026-11-01&to=2026-11-30',
    );
  });
});
