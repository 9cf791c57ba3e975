import type { TOrderMargin } from '@spacecapture/shared/contracts/payouts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mountPerTest } from '../../../test/mount-per-test.ts';
import { button, click, input, json, renderAt, typeInto, until } from '../../../test/render-at.tsx';
import { OrderMargin } from './order-margin.tsx';

const ORDER = '00000000-0000-4000-8000-000000000011';
const JOB = '00000000-0000-4000-8000-000000000012';

let margin: TOrderMargin;
let posts: { url: string; body: unknown }[];

beforeEach(() => {
  posts = [];
  margin = {
    currency: 'GBP',
    price: 1500,
    refunds: 0,
    compensation: 0,
    fees: 0,
    margin: 1500,
    paidOut: 0,
    adjustable: { assignmentId: JOB, maxAmount: 500 },
  };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    if (init.method === 'POST') {
      posts.push({ url, body: JSON.parse(String(init.body)) });
      return json(400, {
        error: {
          code: 'validation_failed',
          message: 'An adjustment cannot exceed the job’s agreed compensation.',
          fields: { amount: 'An adjustment cannot exceed the job’s agreed compensation.' },
        },
      });
    }
    return json(200, margin);
  });
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

const mount = mountPerTest();

describe('OrderMargin', () => {
  it("shows the order's price, compensation, fees and margin", async () => {
    margin = { ...margin, compensation: 500, margin: 1000, paidOut: 500, adjustable: null };
    renderAt(mount.root, '/admin/orders', <OrderMargin orderId={ORDER} />);
    await until(() => expect(mount.container.textContent).toContain('Margin£1,000.00'));
    expect(mount.container.textContent).toContain('Price£1,500.00');
    expect(mount.container.textContent).toContain('Compensation£500.00');
    expect(mount.container.textContent).toContain('Paid to the provider£500.00');
    expect(mount.container.querySelector('form[aria-label="Adjustment"]')).toBeNull();
  });

  it('offers the adjustment of a job closed without approval and shows why one is refused', async () => {
    renderAt(mount.root, '/admin/orders', <OrderMargin orderId={ORDER} />);
    await until(() => expect(input('Amount (GBP)')).not.toBeNull());
    typeInto(input('Amount (GBP)'), '600');
    typeInto(input('Reason'), 'Half the floors captured');
    await click(button('Make payable'));
    await until(() =>
      expect(mount.container.textContent).toContain('An adjustment cannot exceed the job’s agreed compensation.'),
    );
    expect(posts).toEqual([
      {
        url: `/api/admin/assignments/${JOB}/payout-adjustment`,
        body: { amount: 600, reason: 'Half the floors captured' },
      },
    ]);
  });
});
