import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A small stand-in for the parts of Stripe's HTTP API that stripe-stateful-mock does not implement
 * (decisions 229, 230), answered in Stripe's documented shapes to form-encoded requests as the
 * official SDK sends them:
 * - Checkout Sessions (`POST /v1/checkout/sessions`), whose `url` is a page of this server that
 *   plays the customer paying: it sends the signed `checkout.session.completed` to the app and
 *   redirects to the session's `success_url`;
 * - Connect: Express accounts (`POST /v1/accounts`, `GET /v1/accounts/:id`), account links
 *   (`POST /v1/account_links`), whose `url` plays the provider completing onboarding: the account
 *   becomes able to take transfers, `account.updated` is sent to the app, and the browser goes to
 *   the link's `return_url`;
 * - transfers (`POST /v1/transfers`) to a connected account that can take them, read back
 *   (`GET /v1/transfers/:id`) and listed by transfer group (`GET /v1/transfers?transfer_group=`);
 * - transfer reversals (`POST /v1/transfers/:id/reversals`), up to what is left of the transfer,
 *   and `transfer.reversed` events of a transfer as it then stands (`reversals` listed newest first).
 * Every POST honours `Idempotency-Key` as Stripe does: the same key with the same parameters
 * answers the first answer again, with other parameters a 400 `idempotency_error`. It keeps what it
 * was asked, so a test can check what the app sent, and signs events with the SDK's own test header.
 */
export type TStripeRequest = {
  method: string;
  path: string;
  form: URLSearchParams;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
};

export type TDoubleSession = {
  id: string;
  object: 'checkout.session';
  url: string;
  mode: 'payment';
  status: 'open' | 'complete';
  payment_status: 'unpaid' | 'paid';
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
};

export type TDoubleAccount = {
  id: string;
  object: 'account';
  type: string;
  created: number;
  country: string;
  default_currency: string;
  business_profile: { name: string | null };
  capabilities: { transfers: 'inactive' | 'pending' | 'active' };
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  metadata: Record<string, string>;
};

export type TDoubleTransfer = {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  currency: string;
  created: number;
  description: string | null;
  destination: string;
  destination_payment: string;
  livemode: false;
  metadata: Record<string, string>;
  reversed: boolean;
  reversals: { object: 'list'; data: TDoubleReversal[]; has_more: false; total_count: number; url: string };
  transfer_group: string | null;
};

export type TDoubleReversal = {
  id: string;
  object: 'transfer_reversal';
  amount: number;
  balance_transaction: string;
  created: number;
  currency: string;
  destination_payment_refund: string;
  metadata: Record<string, string>;
  source_refund: null;
  transfer: string;
};

/** How the double answers the next transfers: normally, refused, or not at all (a 500 each try). */
export type TTransferMode =
  | { kind: 'normal' }
  | { kind: 'refuse'; code: string; message: string }
  | { kind: 'unavailable' }
  /** The transfer is made but the answer is lost (the connection is cut); a retry with the key finds it. */
  | { kind: 'lose_answer' };

/** How the double answers the next transfer reversals: normally, refused, or not at all. */
export type TReversalMode =
  | { kind: 'normal' }
  | { kind: 'refuse'; code: string; message: string }
  | { kind: 'unavailable' };

export const TEST_WEBHOOK_SECRET = 'whsec_test_double_secret';
export const TEST_SECRET_KEY = 'sk_test_double_key';

async function bodyOf(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function metadataOf(form: URLSearchParams) {
  const metadata: Record<string, string> = {};
  for (const [key, value] of form) {
    const match = /^metadata\[(.+)\]$/.exec(key);
    if (match) metadata[match[1]!] = value;
  }
  return metadata;
}

function newId(prefix: string) {
  return `${prefix}_${randomUUID().replaceAll('-', '')}`;
}

function now() {
  return Math.floor(Date.now() / 1000);
}

function invalid(message: string, extra: Record<string, string> = {}) {
  return { status: 400, body: { error: { type: 'invalid_request_error', message, ...extra } } };
}

export async function startStripeDouble() {
  const requests: TStripeRequest[] = [];
  const sessions = new Map<string, TDoubleSession>();
  const accounts = new Map<string, TDoubleAccount>();
  const transfers = new Map<string, TDoubleTransfer>();
  const onboardingLinks = new Map<string, { account: string; returnUrl: string; refreshUrl: string }>();
  const answered = new Map<string, { params: string; status: number; body: unknown }>();
  const delivered: { type: string; status: number }[] = [];
  const signer = new Stripe(TEST_SECRET_KEY);
  let webhookUrl: string | null = null;
  let transferMode: TTransferMode = { kind: 'normal' };
  let reversalMode: TReversalMode = { kind: 'normal' };
  let base = '';

  function event<T>(type: string, object: T, account?: string) {
    return {
      id: newId('evt'),
      object: 'event',
      type,
      api_version: '2026-01-28',
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      ...(account ? { account } : {}),
      data: { object },
    };
  }

  function sign(payload: string, secret = TEST_WEBHOOK_SECRET) {
    return signer.webhooks.generateTestHeaderString({ payload, secret });
  }

  /** Sends an event to the app's webhook, signed, as Stripe would; the app's status. */
  async function deliver(body: { type: string }) {
    if (!webhookUrl) throw new Error('The Stripe double has no webhook URL to deliver to.');
    const payload = JSON.stringify(body);
    const response = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
      body: payload,
    });
    delivered.push({ type: body.type, status: response.status });
    return response.status;
  }

  function completedEvent(sessionId: string) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No session ${sessionId}`);
    const paid = {
      ...session,
      status: 'complete' as const,
      payment_status: 'paid' as const,
      payment_intent: session.payment_intent ?? newId('pi'),
    };
    sessions.set(sessionId, paid);
    return event('checkout.session.completed', paid);
  }

  /** The provider finishes Stripe's onboarding: the account can take transfers and pay out. */
  function completeOnboarding(accountId: string) {
    const account = accounts.get(accountId);
    if (!account) throw new Error(`No account ${accountId}`);
    const ready: TDoubleAccount = {
      ...account,
      details_submitted: true,
      charges_enabled: true,
      payouts_enabled: true,
      capabilities: { transfers: 'active' },
    };
    accounts.set(accountId, ready);
    return event('account.updated', ready, accountId);
  }

  function createSession(form: URLSearchParams) {
    const id = newId('cs_test');
    const session: TDoubleSession = {
      id,
      object: 'checkout.session',
      url: `${base}/checkout/${id}`,
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total:
        Number(form.get('line_items[0][price_data][unit_amount]')) * Number(form.get('line_items[0][quantity]') ?? 1),
      currency: form.get('line_items[0][price_data][currency]') ?? '',
      client_reference_id: form.get('client_reference_id'),
      metadata: metadataOf(form),
      payment_intent: null,
      success_url: form.get('success_url') ?? '',
      cancel_url: form.get('cancel_url') ?? '',
    };
    sessions.set(id, session);
    return { status: 200, body: session };
  }

  function createAccount(form: URLSearchParams) {
    const account: TDoubleAccount = {
      id: newId('acct'),
      object: 'account',
      type: form.get('type') ?? 'express',
      created: now(),
      country: form.get('country') ?? 'GB',
      default_currency: 'gbp',
      business_profile: { name: form.get('business_profile[name]') },
      // Requested at creation, active once onboarding is complete.
      capabilities: { transfers: 'inactive' },
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
      metadata: metadataOf(form),
    };
    accounts.set(account.id, account);
    return { status: 200, body: account };
  }

  function createAccountLink(form: URLSearchParams) {
    const account = form.get('account') ?? '';
    if (!accounts.has(account)) return invalid(`No such account: '${account}'`, { code: 'resource_missing' });
    const returnUrl = form.get('return_url');
    const refreshUrl = form.get('refresh_url');
    if (!returnUrl || !refreshUrl) return invalid('Missing required param: return_url and refresh_url.');
    const token = randomUUID();
    onboardingLinks.set(token, { account, returnUrl, refreshUrl });
    const created = now();
    return {
      status: 200,
      body: { object: 'account_link', created, expires_at: created + 300, url: `${base}/connect/onboarding/${token}` },
    };
  }

  function createTransfer(form: URLSearchParams) {
    const amount = Number(form.get('amount'));
    const currency = form.get('currency') ?? '';
    const destination = form.get('destination') ?? '';
    if (!Number.isInteger(amount) || amount < 1) return invalid('Invalid positive integer', { param: 'amount' });
    if (!/^[a-z]{3}$/.test(currency)) return invalid(`Invalid currency: ${currency}`, { param: 'currency' });
    const account = accounts.get(destination);
    if (!account) {
      return invalid(`No such destination: '${destination}'`, { code: 'resource_missing', param: 'destination' });
    }
    if (account.capabilities.transfers !== 'active') {
      return invalid(
        'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
        { code: 'insufficient_capabilities_for_transfer', param: 'destination' },
      );
    }
    if (transferMode.kind === 'refuse') return invalid(transferMode.message, { code: transferMode.code });
    const transfer: TDoubleTransfer = {
      id: newId('tr'),
      object: 'transfer',
      amount,
      amount_reversed: 0,
      currency,
      created: now(),
      description: form.get('description'),
      destination,
      destination_payment: newId('py'),
      livemode: false,
      metadata: metadataOf(form),
      reversed: false,
      reversals: { object: 'list', data: [], has_more: false, total_count: 0, url: '' },
      transfer_group: form.get('transfer_group'),
    };
    transfer.reversals.url = `/v1/transfers/${transfer.id}/reversals`;
    transfers.set(transfer.id, transfer);
    return { status: 200, body: transfer };
  }

  /** Takes back part or all of a transfer (all by default), never more than is left of it. */
  function reverseTransfer(transferId: string, form: URLSearchParams) {
    const transfer = transfers.get(transferId);
    if (!transfer) return invalid(`No such transfer: '${transferId}'`, { code: 'resource_missing', param: 'id' });
    const left = transfer.amount - transfer.amount_reversed;
    const amount = form.has('amount') ? Number(form.get('amount')) : left;
    if (!Number.isInteger(amount) || amount < 1) return invalid('Invalid positive integer', { param: 'amount' });
    if (reversalMode.kind === 'refuse') return invalid(reversalMode.message, { code: reversalMode.code });
    if (amount > left) {
      return invalid(`Amount (${amount}) is greater than the unreversed amount remaining on this transfer (${left}).`, {
        param: 'amount',
      });
    }
    const reversal: TDoubleReversal = {
      id: newId('trr'),
      object: 'transfer_reversal',
      amount,
      balance_transaction: newId('txn'),
      created: now(),
      currency: transfer.currency,
      destination_payment_refund: newId('pyr'),
      metadata: metadataOf(form),
      source_refund: null,
      transfer: transfer.id,
    };
    transfer.amount_reversed += amount;
    transfer.reversed = transfer.amount_reversed === transfer.amount;
    transfer.reversals.data.unshift(reversal);
    transfer.reversals.total_count += 1;
    return { status: 200, body: reversal };
  }

  function listTransfers(query: URLSearchParams) {
    const group = query.get('transfer_group');
    const data = [...transfers.values()].filter((transfer) => !group || transfer.transfer_group === group).reverse();
    return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/transfers' } };
  }

  function api(method: string, path: string, form: URLSearchParams, query: URLSearchParams) {
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(form);
    if (method === 'GET' && path === '/v1/transfers') return listTransfers(query);
    const reversals = /^\/v1\/transfers\/([^/]+)\/reversals$/.exec(path);
    if (method === 'POST' && reversals) return reverseTransfer(decodeURIComponent(reversals[1]!), form);
    const oneTransfer = /^\/v1\/transfers\/([^/]+)$/.exec(path);
    if (method === 'GET' && oneTransfer) {
      const found = transfers.get(decodeURIComponent(oneTransfer[1]!));
      return found
        ? { status: 200, body: found }
        : invalid(`No such transfer: '${oneTransfer[1]}'`, { code: 'resource_missing', param: 'id' });
    }
    if (method === 'POST' && path === '/v1/accounts') return createAccount(form);
    if (method === 'POST' && path === '/v1/account_links') return createAccountLink(form);
    if (method === 'POST' && path === '/v1/transfers') return createTransfer(form);
    const account = /^\/v1\/accounts\/([^/]+)$/.exec(path);
    if (method === 'GET' && account) {
      const found = accounts.get(decodeURIComponent(account[1]!));
      return found
        ? { status: 200, body: found }
        : invalid(`No such account: '${account[1]}'`, { code: 'resource_missing' });
    }
    return {
      status: 404,
      body: { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` } },
    };
  }

  /** The pages a browser is sent to: Stripe's hosted Checkout and onboarding, played out at once. */
  async function page(path: string, response: ServerResponse) {
    const checkout = /^\/checkout\/([^/]+)$/.exec(path);
    if (checkout) {
      const session = sessions.get(checkout[1]!);
      if (!session) return response.writeHead(404).end('No such Checkout Session');
      const status = await deliver(completedEvent(session.id));
      if (status !== 200) return response.writeHead(502).end(`The app answered ${status} to the payment event.`);
      return response.writeHead(303, { location: session.success_url }).end();
    }
    const onboarding = /^\/connect\/onboarding\/([^/]+)$/.exec(path);
    if (onboarding) {
      const link = onboardingLinks.get(onboarding[1]!);
      if (!link) return response.writeHead(404).end('This onboarding link expired');
      onboardingLinks.delete(onboarding[1]!);
      const status = await deliver(completeOnboarding(link.account));
      if (status !== 200) return response.writeHead(502).end(`The app answered ${status} to account.updated.`);
      return response.writeHead(303, { location: link.returnUrl }).end();
    }
    response.writeHead(404).end();
  }

  const server = createServer(async (request, response) => {
    try {
      const method = request.method ?? 'GET';
      const [path = '/', search = ''] = (request.url ?? '/').split('?');
      if (!path.startsWith('/v1/')) return await page(path, response);
      const raw = await bodyOf(request);
      const form = new URLSearchParams(raw);
      const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
      requests.push({ method, path, form, idempotencyKey, authorization: request.headers.authorization });
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': newId('req') });
        response.end(JSON.stringify(body));
      };
      if (path === '/v1/transfers' && transferMode.kind === 'unavailable') {
        return send(500, { error: { type: 'api_error', message: 'An unknown error occurred.' } });
      }
      if (path.endsWith('/reversals') && reversalMode.kind === 'unavailable') {
        return send(500, { error: { type: 'api_error', message: 'An unknown error occurred.' } });
      }
      const remembered = idempotencyKey ? answered.get(`${path} ${idempotencyKey}`) : undefined;
      if (remembered) {
        if (remembered.params !== raw) {
          return send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          });
        }
        return send(remembered.status, remembered.body);
      }
      const answer = api(method, path, form, new URLSearchParams(search));
      if (method === 'POST' && idempotencyKey && answer.status !== 404) {
        answered.set(`${path} ${idempotencyKey}`, { params: raw, ...answer });
      }
      if (
        method === 'POST' &&
        path === '/v1/transfers' &&
        transferMode.kind === 'lose_answer' &&
        answer.status === 200
      ) {
        transferMode = { kind: 'normal' };
        request.socket.destroy();
        return;
      }
      send(answer.status, answer.body);
    } catch (error) {
      response.writeHead(500).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;

  return {
    url: base,
    requests,
    sessions,
    accounts,
    transfers,
    /** Events this double sent to the app, with the app's answers. */
    delivered,
    /** Where the played-out pages send their events: the app's webhook URL. */
    deliverWebhooksTo(url: string) {
      webhookUrl = url;
    },
    /** How the next transfers are answered. */
    setTransferMode(mode: TTransferMode) {
      transferMode = mode;
    },
    /** How the next transfer reversals are answered. */
    setReversalMode(mode: TReversalMode) {
      reversalMode = mode;
    },
    /** A reversal made in Stripe's dashboard: the transfer reversed by `amount` (not told to the app). */
    reverseInDashboard(transferId: string, amount: number) {
      const made = reverseTransfer(transferId, new URLSearchParams({ amount: String(amount) }));
      if (made.status !== 200) throw new Error(`The double refused the reversal: ${JSON.stringify(made.body)}`);
      return made.body as TDoubleReversal;
    },
    /** The `transfer.reversed` event of a transfer as it stands (not sent). */
    transferReversedEvent(transferId: string, type: 'transfer.reversed' | 'transfer.updated' = 'transfer.reversed') {
      const transfer = transfers.get(transferId);
      if (!transfer) throw new Error(`No transfer ${transferId}`);
      return event(type, structuredClone(transfer));
    },
    /** Stripe's event for a session the customer paid: the session complete, with its payment intent. */
    completedEvent,
    /** The provider finished onboarding: the account's `account.updated` event (not sent). */
    completeOnboarding,
    /** The account.updated event of an account as it stands (not sent). */
    accountUpdatedEvent(accountId: string) {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`No account ${accountId}`);
      return event('account.updated', account, accountId);
    },
    /** The Stripe-Signature header Stripe would send with this body (the SDK's own signer). */
    sign,
    close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections();
      return closed;
    },
  };
}

export type TStripeDouble = Awaited<ReturnType<typeof startStripeDouble>>;
