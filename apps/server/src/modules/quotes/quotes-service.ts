import type { TDatabase, TExecutor } from '@spacecapture/db/client';
import {
  priceBookItems,
  priceTotal,
  QUOTE_MESSAGES,
  quoteCurrencyMismatch,
  type TCreateQuoteRequest,
  type TPriceBook,
  type TPriceBookEntry,
  type TQuote,
  type TQuoteList,
  type TQuotePrefill,
  type TQuotePreview,
  type TUpdateQuoteRequest,
  validityInstant,
  WORKFLOW_MESSAGES,
} from '@spacecapture/shared/contracts/admin-workflow';
import { AppError } from '@spacecapture/shared/errors';
import { formatDateTime, SERVER_TIME_ZONE } from '@spacecapture/shared/format';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { ADMIN_ROLES } from '@spacecapture/shared/roles';
import {
  canTransition,
  ORDER_MACHINE,
  QUOTE_MACHINE,
  type TQuoteStatus,
  transitionRefusal,
} from '@spacecapture/shared/state-machines';
import type { TActor } from '../../lib/actor.ts';
import { decodeCursor, toPage } from '../../lib/pagination.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { hashRequest, runIdempotent } from '../idempotency/idempotency.ts';
import type { TInvoicesService, TQuoteCharge } from '../invoices/invoices-service.ts';
import { emailRecipientsOf, notifyScope } from '../notifications/notifications-service.ts';
import { isClosedOrder, moveOrder } from '../orders/order-moves.ts';
import {
  findOrder,
  findOrganizationRow,
  findOrgOrderWithLead,
  lockOrder,
  type TOrderRow,
} from '../orders/orders-repository.ts';
import { enqueueEmails } from '../outbox/outbox-repository.ts';
import { enqueueWebhookEvent, orderPayload } from '../webhooks/webhook-events.ts';
import {
  findPriceBookEntry,
  listPriceBook,
  lockPriceBook,
  replacePriceBook,
  type TPriceBookRow,
} from './price-book-repository.ts';
import { quoteAnsweredEmails, quoteSentContent, quoteSentEmails } from './quote-emails.ts';
import { findQuote, insertQuote, listQuotes, lockQuote, type TQuoteRow, updateQuote } from './quotes-repository.ts';
import { effectiveQuoteStatus, toQuoteView } from './quotes-view.ts';

/** What an accepted quote brings to its invoices. */
export function quoteChargeOf(quote: TQuoteRow, order: TOrderRow): TQuoteCharge {
  return {
    quoteId: quote.id,
    orderId: order.id,
    orderTitle: order.title,
    customerOrgId: order.customerOrgId,
    currency: quote.currency,
    items: quote.priceBreakdown.items,
  };
}

/** Who may answer a quote: the customer organisation it was made for (another one's is not found). */
export type TQuoteScope = { customerOrgId?: string };

function expiredRefusal(quote: TQuoteRow) {
  const at = quote.validityUntil ? ` on ${formatDateTime(quote.validityUntil, SERVER_TIME_ZONE)}` : '';
  return new AppError('conflict', `This quote expired${at} and can no longer be accepted or declined.`);
}

/**
 * Quotes (spec 001 §2 /admin/quotes, §4): drafts for an order with a price breakdown whose total
 * the server computes, Send on drafts only, and the customer's answer (accept before the validity
 * date, or decline). Every change locks the order, then the quote; one audit entry each.
 */
export function createQuotesService(deps: {
  db: TDatabase;
  clock: () => Date;
  companyEmail: string;
  /** Base of the links in e-mails. */
  publicUrl: string;
  /** Issues the invoice the customer's billing setting asks for at acceptance (decision 209). */
  invoices: Pick<TInvoicesService, 'issueForStage'>;
}) {
  const { db, clock, companyEmail } = deps;

  async function viewOf(tx: TExecutor, quote: TQuoteRow, order: TOrderRow) {
    const org = await findOrganizationRow(tx, order.customerOrgId);
    return toQuoteView(quote, order, { id: order.customerOrgId, name: org?.name ?? '' }, clock());
  }

  /** Locks the quote's order, then the quote (the order-first lock order every workflow change keeps). */
  async function lockQuoteAndOrder(tx: TExecutor, id: string, scope: TQuoteScope) {
    const found = await findQuote(tx, id);
    if (!found) throw new AppError('not_found', 'Quote not found.');
    const order = await lockOrder(tx, found.orderId);
    const quote = await lockQuote(tx, id);
    if (!order || !quote || (scope.customerOrgId && order.customerOrgId !== scope.customerOrgId)) {
      throw new AppError('not_found', 'Quote not found.');
    }
    return { order, quote };
  }

  function assertQuoteMove(from: TQuoteStatus, to: TQuoteStatus) {
    if (!canTransition(QUOTE_MACHINE, from, to))
      throw new AppError('conflict', transitionRefusal(QUOTE_MACHINE, from, to));
  }

  /**
   * A sent quote past its validity date is marked expired (with its audit entry) and the answer
   * refused. The mark must survive the refusal, so it commits first and the 409 follows.
   */
  async function answer(id: string, to: 'accepted' | 'declined', actor: TActor, scope: TQuoteScope): Promise<TQuote> {
    const outcome = await db.transaction(async (tx) => {
      const { order, quote } = await lockQuoteAndOrder(tx, id, scope);
      const now = clock();
      const from = effectiveQuoteStatus(quote, now);
      if (from === 'expired') {
        if (quote.status === 'sent') {
          const expired = await updateQuote(tx, id, { status: 'expired' }, now);
          await recordAudit(tx, {
            entity: 'quote',
            entityId: id,
            action: 'expire',
            before: quote,
            after: expired,
            actorUserId: null,
          });
          return { kind: 'expired' as const, row: expired };
        }
        throw expiredRefusal(quote);
      }
      assertQuoteMove(from, to);
      if (to === 'accepted' && isClosedOrder(order.status)) {
        throw new AppError('conflict', transitionRefusal(ORDER_MACHINE, order.status, 'approved'));
      }
      const updated = await updateQuote(tx, id, { status: to, respondedAt: now }, now);
      // Acceptance approves an order still waiting on its quote; one that already moved on keeps its status.
      const orderAfter =
        to === 'accepted' && order.status === 'quoted'
          ? await moveOrder(tx, order, 'approved', { actorUserId: actor.userId, at: now, metadata: { quoteId: id } })
          : order;
      if (to === 'accepted') {
        // The invoice the billing setting asks for now, which books what the customer owes (decision 209).
        await deps.invoices.issueForStage(tx, 'acceptance', quoteChargeOf(updated, order), actor);
      }
      await recordAudit(tx, {
        entity: 'quote',
        entityId: id,
        action: to === 'accepted' ? 'accept' : 'decline',
        before: quote,
        after: { ...updated, orderStatus: orderAfter.status },
        actorUserId: actor.userId,
      });
      await enqueueEmails(
        tx,
        quoteAnsweredEmails({ quote: updated, order: orderAfter, answer: to, recipients: [companyEmail] }),
      );
      await notifyScope(
        tx,
        { roles: ADMIN_ROLES },
        {
          type: 'quote_answered',
          title: `Quote ${to}: ${order.title}`,
          body: `The customer ${to} the quote.`,
          link: PORTAL_PATHS.admin.quotes,
        },
      );
      return { kind: 'answered' as const, view: await viewOf(tx, updated, orderAfter) };
    });
    if (outcome.kind === 'expired') throw expiredRefusal(outcome.row);
    return outcome.view;
  }

  function toEntry(row: TPriceBookRow): TPriceBookEntry {
    return {
      captureType: row.captureType as TPriceBookEntry['captureType'],
      spaceSize: row.spaceSize as TPriceBookEntry['spaceSize'],
      currency: row.currency,
      capture: Number(row.capture),
      processing: Number(row.processing),
    };
  }

  return {
    /** The price book (decision 205), by capture type, size and currency. */
    async priceBook(): Promise<TPriceBook> {
      return { entries: (await listPriceBook(db)).map(toEntry) };
    },

    /** Replaces the whole price book (audited with what it was and what it became). */
    async savePriceBook(book: TPriceBook, actor: TActor): Promise<TPriceBook> {
      return db.transaction(async (tx) => {
        const before = (await lockPriceBook(tx)).map(toEntry);
        const now = clock();
        const rows = await replacePriceBook(
          tx,
          book.entries.map((entry) => ({
            ...entry,
            capture: entry.capture.toFixed(2),
            processing: entry.processing.toFixed(2),
            updatedAt: now,
          })),
        );
        const after = rows.map(toEntry);
        await recordAudit(tx, {
          entity: 'price_book',
          entityId: 'price_book',
          action: 'update',
          before: { entries: before },
          after: { entries: after },
          actorUserId: actor.userId,
        });
        return { entries: after };
      });
    },

    /**
     * What a new quote for the order starts from: the order's capture type and size band (from
     * the customer's portal request or the converted lead), and the book's items for them in the
     * quote's currency, when it has a price.
     */
    async prefill(orderId: string, currency: string): Promise<TQuotePrefill> {
      const found = await findOrder(db, orderId);
      if (!found) throw new AppError('not_found', 'Order not found.', { orderId: 'Please choose an order to quote.' });
      const { order } = found;
      const withLead = await findOrgOrderWithLead(db, order.customerOrgId, order.id);
      const spaceSize = order.requestDetails?.spaceSize ?? withLead?.leadDetails?.spaceSize ?? null;
      const entry = spaceSize
        ? await findPriceBookEntry(db, { captureType: order.captureType, spaceSize, currency })
        : undefined;
      return {
        captureType: order.captureType,
        spaceSize,
        items: entry ? priceBookItems(toEntry(entry)) : null,
      };
    },

    async list(options: {
      limit: number;
      cursor?: string | undefined;
      status?: string | undefined;
      orderId?: string | undefined;
      customerOrgId?: string | undefined;
    }): Promise<TQuoteList> {
      const now = clock();
      const rows = await listQuotes(db, {
        limit: options.limit + 1,
        cursor: decodeCursor(options.cursor),
        status: options.status,
        orderId: options.orderId,
        customerOrgId: options.customerOrgId,
        now,
      });
      return toPage(
        rows,
        options.limit,
        (row) => row.quote.id,
        (row) => toQuoteView(row.quote, row.order, row.customerOrg, now),
      );
    },

    /**
     * A draft quote for an open order. The total is the sum of the items (in cents). An optional
     * Idempotency-Key makes a double submit create one draft.
     */
    async create(request: TCreateQuoteRequest, actor: TActor, idempotencyKey?: string): Promise<TQuote> {
      const validityUntil = request.validityUntil ? validityInstant(request.validityUntil) : null;
      if (validityUntil && validityUntil.getTime() <= clock().getTime()) {
        throw new AppError('validation_failed', WORKFLOW_MESSAGES.validityInFuture, {
          validityUntil: WORKFLOW_MESSAGES.validityInFuture,
        });
      }
      const result = await runIdempotent<TQuote>(
        db,
        { scope: `admin-quote:${actor.userId}`, key: idempotencyKey, requestHash: hashRequest(request) },
        async (tx) => {
          const order = await lockOrder(tx, request.orderId);
          if (!order) {
            throw new AppError('not_found', 'Order not found.', { orderId: 'Please choose an order to quote.' });
          }
          if (isClosedOrder(order.status)) {
            throw new AppError('conflict', `The order is ${order.status}; it can no longer be quoted.`);
          }
          const { items, currency } = request.priceBreakdown;
          // One currency per order (decision 203): a quote in another is refused, never converted.
          if (currency !== order.currency) {
            const message = quoteCurrencyMismatch(order.currency, currency);
            throw new AppError('validation_failed', message, { 'priceBreakdown.currency': message });
          }
          const quote = await insertQuote(tx, {
            orderId: order.id,
            priceBreakdown: { items, currency },
            total: priceTotal(items).toFixed(2),
            currency,
            sla: request.sla,
            validityUntil,
            status: 'draft',
          });
          await recordAudit(tx, {
            entity: 'quote',
            entityId: quote.id,
            action: 'create',
            after: quote,
            actorUserId: actor.userId,
          });
          return { status: 201, body: await viewOf(tx, quote, order) };
        },
      );
      return result.body;
    },

    /**
     * Edit a draft (decision 205): its price breakdown, SLA and validity; a quote once sent is
     * what the customer was shown and stays as it is (409). The total is computed again.
     */
    async update(id: string, request: TUpdateQuoteRequest, actor: TActor): Promise<TQuote> {
      const validityUntil = request.validityUntil ? validityInstant(request.validityUntil) : null;
      if (validityUntil && validityUntil.getTime() <= clock().getTime()) {
        throw new AppError('validation_failed', WORKFLOW_MESSAGES.validityInFuture, {
          validityUntil: WORKFLOW_MESSAGES.validityInFuture,
        });
      }
      return db.transaction(async (tx) => {
        const { order, quote } = await lockQuoteAndOrder(tx, id, {});
        const now = clock();
        const status = effectiveQuoteStatus(quote, now);
        if (status !== 'draft') throw new AppError('conflict', QUOTE_MESSAGES.draftOnly(status));
        const { items, currency } = request.priceBreakdown;
        const updated = await updateQuote(
          tx,
          id,
          {
            priceBreakdown: { items, currency },
            total: priceTotal(items).toFixed(2),
            currency,
            sla: request.sla,
            validityUntil,
          },
          now,
        );
        await recordAudit(tx, {
          entity: 'quote',
          entityId: id,
          action: 'update',
          before: quote,
          after: updated,
          actorUserId: actor.userId,
        });
        return viewOf(tx, updated, order);
      });
    },

    /**
     * What Send would do (decision 205): the e-mail the customer's people would receive, and their
     * addresses (the organisation's members whose quote e-mails are on); a copy goes to the company.
     */
    async preview(id: string): Promise<TQuotePreview> {
      const found = await findQuote(db, id);
      if (!found) throw new AppError('not_found', 'Quote not found.');
      const withCustomer = await findOrder(db, found.orderId);
      if (!withCustomer) throw new AppError('not_found', 'Quote not found.');
      const { order } = withCustomer;
      const recipients = await emailRecipientsOf(db, { org: order.customerOrgId }, 'quote_sent');
      const content = quoteSentContent({
        quote: found,
        order,
        audience: 'customer',
        link: `${deps.publicUrl}${PORTAL_PATHS.customer.quotes}`,
      });
      return {
        recipients: [...new Set(recipients.map((address) => address.toLowerCase()))].sort(),
        subject: content.subject,
        intro: content.intro,
        rows: content.rows
          .filter((row): row is readonly [string, string] => typeof row[1] === 'string' && row[1] !== '')
          .map(([label, value]) => ({ label, value })),
      };
    },

    /**
     * Send (drafts only): the quote goes to the customer organisation's members and the company
     * address; an order in triage becomes quoted.
     */
    async send(id: string, actor: TActor): Promise<TQuote> {
      const view = await db.transaction(async (tx) => {
        const { order, quote } = await lockQuoteAndOrder(tx, id, {});
        const now = clock();
        assertQuoteMove(effectiveQuoteStatus(quote, now), 'sent');
        if (quote.validityUntil && quote.validityUntil.getTime() <= now.getTime()) {
          throw new AppError('conflict', 'The validity date of this quote has passed; create a new quote.');
        }
        if (isClosedOrder(order.status)) {
          throw new AppError('conflict', `The order is ${order.status}; it can no longer be quoted.`);
        }
        const updated = await updateQuote(tx, id, { status: 'sent', sentAt: now }, now);
        const orderAfter =
          order.status === 'triage'
            ? await moveOrder(tx, order, 'quoted', { actorUserId: actor.userId, at: now, metadata: { quoteId: id } })
            : order;
        await recordAudit(tx, {
          entity: 'quote',
          entityId: id,
          action: 'send',
          before: quote,
          after: { ...updated, orderStatus: orderAfter.status },
          actorUserId: actor.userId,
        });
        await enqueueWebhookEvent(tx, order.customerOrgId, 'quote.sent', {
          ...orderPayload(orderAfter),
          quote: {
            id: updated.id,
            total: updated.total,
            currency: updated.currency,
            validityUntil: updated.validityUntil?.toISOString() ?? null,
            sentAt: updated.sentAt?.toISOString() ?? null,
          },
        });
        const members = await emailRecipientsOf(tx, { org: order.customerOrgId }, 'quote_sent');
        await notifyScope(
          tx,
          { org: order.customerOrgId },
          {
            type: 'quote_sent',
            title: `Quote sent: ${order.title}`,
            body: 'A quote is ready for your order. Accept or decline it.',
            link: PORTAL_PATHS.customer.quotes,
          },
        );
        await enqueueEmails(tx, [
          ...quoteSentEmails({
            quote: updated,
            order,
            recipients: members,
            audience: 'customer',
            link: `${deps.publicUrl}${PORTAL_PATHS.customer.quotes}`,
          }),
          ...quoteSentEmails({
            quote: updated,
            order,
            recipients: [companyEmail],
            audience: 'company',
            link: `${deps.publicUrl}${PORTAL_PATHS.admin.quotes}`,
          }),
        ]);
        return viewOf(tx, updated, orderAfter);
      });
      return view;
    },

    /** Customer: accept a sent quote before its validity date; an order waiting on it becomes approved. */
    accept(id: string, actor: TActor, scope: TQuoteScope = {}): Promise<TQuote> {
      return answer(id, 'accepted', actor, scope);
    },

    /** Customer: decline a sent quote. The order stays where it is, ready for another quote. */
    decline(id: string, actor: TActor, scope: TQuoteScope = {}): Promise<TQuote> {
      return answer(id, 'declined', actor, scope);
    },
  };
}

export type TQuotesService = ReturnType<typeof createQuotesService>;
