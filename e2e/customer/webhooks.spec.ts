import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, toast } from '../auth/support.ts';
import { createMember, createOrder, signInPage, test } from '../support/marketplace.ts';

// Invitations, an order and deliveries on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

type TReceived = { event: string; delivery: string; signature: string; body: string };

/** The integrator's side: a listener on this machine that records what it is sent. */
async function startListener() {
  const received: TReceived[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        event: String(request.headers['x-spacecapture-event']),
        delivery: String(request.headers['x-spacecapture-delivery']),
        signature: String(request.headers['x-spacecapture-signature']),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/spacecapture`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function signatureIsValid(secret: string, call: TReceived) {
  const parts = Object.fromEntries(call.signature.split(',').map((part) => part.split('=', 2)));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${call.body}`).digest('hex');
  return parts.v1 === expected;
}

test('a customer admin adds an endpoint, sees the signed delivery of a new order in the log, and replays it', async ({
  page,
  deps,
  market,
}) => {
  const listener = await startListener();
  try {
    const { customer } = market;
    await signInPage(page, customer);
    await page.goto('/customer/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Endpoint URL' }).fill(listener.url);
    await page.getByRole('textbox', { name: 'Description' }).fill('Our order system');
    await expect(page.getByRole('checkbox', { name: 'Order created' })).toBeChecked();
    await page.getByRole('checkbox', { name: 'Order delivered' }).check();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(toast(page, 'Endpoint added')).toBeVisible();
    const secret = (await page.getByTestId('webhook-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^whsec_/);
    const card = page.getByRole('article', { name: listener.url });
    await expect(card).toContainText('Order created, Order delivered');
    await expect(card).toContainText('No deliveries yet.');

    // Once dismissed, the secret is not shown again.
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expect(page.getByTestId('webhook-secret')).toHaveCount(0);

    const order = await createOrder(deps, customer.organization.id);
    await expect.poll(() => listener.received.length, { timeout: 30_000 }).toBe(1);
    const [first] = listener.received;
    expect(first?.event).toBe('order.created');
    expect(JSON.parse(first?.body ?? '{}')).toMatchObject({
      event: 'order.created',
      data: { order: { id: order.orderId } },
    });
    expect(first && signatureIsValid(secret, first)).toBe(true);

    await page.reload();
    const log = card.getByRole('table', { name: `Deliveries to ${listener.url}` });
    const row = log.getByRole('row').filter({ hasText: 'order.created' });
    await expect(row).toContainText('succeeded');
    await expect(row).toContainText('204');

    await row.getByRole('button', { name: 'Replay order.created delivery' }).click();
    await expect(toast(page, 'Delivery queued again')).toBeVisible();
    await expect.poll(() => listener.received.length, { timeout: 30_000 }).toBe(2);
    expect(listener.received[1]?.delivery).toBe(first?.delivery);
    expect(listener.received[1]?.body).toBe(first?.body);
    await expect(row).toContainText('succeeded');
  } finally {
    await listener.close();
  }
});

test('the Webhooks page is for customer admins only', async ({ page, deps }) => {
  const member = await createMember(deps, 'customer_user');
  try {
    await signInPage(page, member);
    await page.goto('/customer/orders');
    await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Webhooks' })).toHaveCount(0);
  } finally {
    await member.api.dispose();
  }
});
