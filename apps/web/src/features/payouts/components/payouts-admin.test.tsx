import type { TPayableList, TPayoutRun } from '@spacecapture/shared/contracts/payouts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../../../test/mount-per-test.ts';
import { button, click, input, json, renderAt, typeInto, until } from '../../../test/render-at.tsx';
import { PayoutsAdmin } from './payouts-admin.tsx';

const PROVIDER = '00000000-0000-4000-8000-0000000000a1';
const JOB = '00000000-0000-4000-8000-0000000000b1';

const due: TPayableList = {
  items: [
    {
      id: '00000000-0000-4000-8000-0000000000c1',
      assignmentId: JOB,
      order: { id: '00000000-0000-4000-8000-0000000000d1', title: 'Harbour warehouse scan' },
      providerOrg: { id: PROVIDER, name: 'North Scans', stripeReady: false },
      kind: 'compensation',
      currency: 'GBP',
      amount: 500,
      reversed: 0,
      dueAt: '2026-11-02T10:00:00.000Z',
      expectedBy: '2026-11-16T10:00:00.000Z',
      overdue: true,
      paidAt: null,
      reference: null,
      lastFailure: null,
    },
  ],
  totals: [{ currency: 'GBP', due: 500, overdue: 500, dueCount: 1, overdueCount: 1 }],
  stripeTransfers: false,
};

let requests: { url: string; method: string; body: unknown }[];
let runAnswer: { status: number; body: unknown };

beforeEach(() => {
  requests = [];
  runAnswer = {
    status: 201,
    body: {
      id: '00000000-0000-4000-8000-0000000000e1',
      method: 'bank_transfer',
      scheduled: false,
      createdAt: '2026-11-20T10:00:00.000Z',
      payouts: [
        {
          id: '00000000-0000-4000-8000-0000000000f1',
          providerOrg: { id: PROVIDER, name: 'North Scans' },
          currency: 'GBP',
          amount: 500,
          method: 'bank_transfer',
          reference: 'BACS-77',
          status: 'paid',
          failureReason: null,
          paidAt: '2026-11-20T10:00:00.000Z',
          jobs: 1,
          resumedAt: null,
          reversed: 0,
        },
      ],
    },
  };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    requests.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : null });
    if (method === 'POST') return json(runAnswer.status, runAnswer.body);
    if (url.startsWith('/api/admin/payout-runs')) return json(200, { items: [] });
    return json(200, url.includes('status=paid') ? { items: [], totals: [] } : due);
  });
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const mount = mountPerTest();
const referenceLabel = 'Bank transfer reference for North Scans (GBP)';

describe('PayoutsAdmin', () => {
  it('flags what is overdue and pays a provider with the bank reference entered', async () => {
    renderAt(mount.root, '/admin/payouts?status=overdue', <PayoutsAdmin />);
    await until(() => expect(input(referenceLabel)).not.toBeNull());
    expect(requests.map((request) => request.url)).toContain('/api/admin/payables?status=overdue');
    expect(mount.container.querySelector('[aria-label="Owed to providers"][role="status"]')?.textContent).toContain(
      '£500.00 overdue (1)',
    );
    expect(mount.container.textContent).toContain('Nov 16, 2026 · Overdue');
    // No reference yet: nothing to record.
    expect(button('Record payout run (0)')?.disabled).toBe(true);

    typeInto(input(referenceLabel), ' BACS-77 ');
    await click(button('Record payout run (1)'));
    await until(() => expect(mount.container.textContent).toContain('Payout recorded — North Scans: £500.00'));
    expect(requests.find((request) => request.method === 'POST')).toEqual({
      url: '/api/admin/payout-runs',
      method: 'POST',
      body: {
        method: 'bank_transfer',
        transfers: [{ providerOrgId: PROVIDER, currency: 'GBP', assignmentIds: [JOB], reference: 'BACS-77' }],
      },
    });
  });

  it("shows the server's reason when a run is refused", async () => {
    runAnswer = {
      status: 409,
      body: {
        error: {
          code: 'conflict',
          message: 'This job was paid already.',
          fields: { 'transfers.0': 'Harbour warehouse scan: This job was paid already.' },
        },
      },
    };
    renderAt(mount.root, '/admin/payouts', <PayoutsAdmin />);
    await until(() => expect(input(referenceLabel)).not.toBeNull());
    typeInto(input(referenceLabel), 'BACS-78');
    await click(button('Record payout run (1)'));
    await until(() =>
      expect(mount.container.querySelector('[role="alert"]')?.textContent).toContain(
        'Harbour warehouse scan: This job was paid already.',
      ),
    );
  });

  it('pays a provider whose Stripe account is ready by Stripe transfer, and shows why a transfer was refused', async () => {
    const [item] = due.items;
    const ready: TPayableList = {
      ...due,
      stripeTransfers: true,
      items: [
        {
          ...item!,
          providerOrg: { ...item!.providerOrg, stripeReady: true },
          lastFailure: { reason: 'Stripe refused the transfer: insufficient funds.', at: '2026-11-18T10:00:00.000Z' },
        },
      ],
    };
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      requests.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : null });
      if (method === 'POST') return json(runAnswer.status, runAnswer.body);
      if (url.startsWith('/api/admin/payout-runs')) return json(200, { items: [] });
      return json(200, url.includes('status=paid') ? { ...ready, items: [], totals: [] } : ready);
    });
    const run = runAnswer.body as { payouts: Record<string, unknown>[] };
    runAnswer = {
      status: 201,
      body: {
        ...run,
        method: 'stripe_transfer',
        payouts: [{ ...run.payouts[0], method: 'stripe_transfer', reference: 'tr_123', status: 'paid' }],
      },
    };
    renderAt(mount.root, '/admin/payouts', <PayoutsAdmin />);
    await until(() => expect(button('Pay North Scans by Stripe transfer')).toBeDefined());
    expect(mount.container.textContent).toContain('Stripe refused the transfer: insufficient funds. (Nov 18, 2026)');
    await click(button('Pay North Scans by Stripe transfer'));
    await until(() => expect(mount.container.textContent).toContain('Payout recorded — North Scans: £500.00'));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      method: 'stripe_transfer',
      transfers: [{ providerOrgId: PROVIDER, currency: 'GBP', assignmentIds: [JOB] }],
    });
  });

  it('shows a scheduled run, a transfer the worker sent again, and what a reversal took back', async () => {
    const run = runAnswer.body as TPayoutRun;
    const listed: TPayoutRun = {
      ...run,
      method: 'stripe_transfer',
      scheduled: true,
      payouts: [
        {
          ...run.payouts[0]!,
          method: 'stripe_transfer',
          reference: 'tr_456',
          resumedAt: '2026-11-20T10:20:00.000Z',
          reversed: 125,
        },
      ],
    };
    vi.stubGlobal('fetch', async (url: string) => {
      if (url.startsWith('/api/admin/payout-runs')) return json(200, { items: [listed] });
      return json(200, due);
    });
    renderAt(mount.root, '/admin/payouts', <PayoutsAdmin />);
    const runs = () => mount.container.querySelector('[aria-label="Payout runs"]')?.textContent ?? '';
    await until(() => expect(runs()).toContain('Scheduled run'));
    expect(runs()).toContain('Sent again automatically Nov 20, 2026');
    expect(runs()).toContain('£125.00 reversed');
    expect(runs()).toContain('£500.00');
  });
});
