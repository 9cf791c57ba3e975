import { randomUUID } from 'node:crypto';
import type { TDatabase, TExecutor } from '@spacecapture/db/client';
import type { TInvoiceLine, TInvoiceParty } from '@spacecapture/db/invoices-schema';
import {
  INVOICE_MESSAGES,
  periodLabel,
  periodOf,
  type TBillingMode,
  type TCreditNoteView,
  type TInvoiceList,
  type TInvoiceView,
  type TListInvoicesQuery,
  type TMonthlyBilling,
  type TMonthlyRunResult,
  type TRecordPaymentRequest,
  type TRefundRequest,
} from '@spacecapture/shared/contracts/invoices';
import { AppError } from '@spacecapture/shared/errors';
import { toMinorUnits } from '@spacecapture/shared/money';
import {
  canTransition,
  INVOICE_MACHINE,
  type TInvoiceStatus,
  transitionRefusal,
} from '@spacecapture/shared/state-machines';
import type { TActor } from '../../lib/actor.ts';
import { decodeCursor, toPage } from '../../lib/pagination.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { hashRequest, runIdempotent } from '../idempotency/idempotency.ts';
import { findEntryByKey } from '../ledger/ledger-repository.ts';
import { book, bookInvoiceIssued, bookInvoicePayment } from '../ledger/ledger-service.ts';
import { emailRecipientsOf } from '../notifications/notifications-service.ts';
import { findOrganizationRow } from '../orders/orders-repository.ts';
import { enqueueEmails } from '../outbox/outbox-repository.ts';
import { confirmBankTransfer, createBankTransferAdapter } from '../payments/bank-transfer.ts';
import { confirmedCardPayment, type TCardAdapter } from '../payments/card.ts';
import type { TConfirmedPayment, TPaymentInstructions } from '../payments/payments-port.ts';
import { findCompanyBilling, findOrganizationBilling, findTaxRate } from './billing-settings-repository.ts';
import { depositOf, invoiceTotals, splitTax } from './invoice-amounts.ts';
import { invoiceFileName, moneyOf, renderInvoicePdf } from './invoice-document.ts';
import { customerInvoiceLink, invoiceEmails, type TInvoiceEmailKind } from './invoice-emails.ts';
import {
  allocateInvoiceNumber,
  claimMonthlyOrder,
  creditNotesOf,
  findInvoiceOfQuote,
  findInvoiceWithNames,
  insertInvoice,
  insertInvoicePayment,
  insertMonthlyOrder,
  invoicesDueSoon,
  latestInvoiceOfQuote,
  listInvoices,
  lockInvoice,
  lockMonthlyOrdersDue,
  monthlyBillingOfOrders,
  monthlyGroupsDue,
  monthlyInvoiceOfQuote,
  monthlyOrdersOf,
  openInvoicesPastDue,
  overdueWithoutReminder,
  paymentsOf,
  type TCreditNoteRow,
  type TInvoiceRow,
  unpaidInvoiceOfOrder,
  updateInvoice,
} from './invoices-repository.ts';
import { createRefunds, refundableMinorOf, type TProviderShares } from './refunds.ts';

const DAY_MS = 86_400_000;
/** The reminder before the due date goes out this long before it. */
export const REMINDER_LEAD_MS = 3 * DAY_MS;

/** What an accepted quote brings to its invoices: the caller (quotes, uploads) reads it and passes it in. */
export type TQuoteCharge = {
  quoteId: string;
  orderId: string;
  orderTitle: string;
  customerOrgId: string;
  currency: string;
  items: readonly { label: string; amount: number }[];
};

/** When an invoice is issued: the quote's acceptance or the order's (first) delivery. */
export type TBillingStage = 'acceptance' | 'delivery';

/**
 * Which invoice each billing mode issues at each stage (decision 209). Monthly issues none: the
 * order accrues at acceptance and the monthly run bills it (decision 242).
 */
const ISSUED_AT: Record<TBillingMode, Record<TBillingStage, 'full' | 'deposit' | 'balance' | null>> = {
  in_advance: { acceptance: 'full', delivery: null },
  deposit: { acceptance: 'deposit', delivery: 'balance' },
  on_delivery: { acceptance: null, delivery: 'full' },
  monthly: { acceptance: null, delivery: null },
};

/** The first instant of the calendar month (UTC) an instant is in: a monthly run bills what came before it. */
export function startOfMonth(at: Date) {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

/** What a monthly invoice stands for where an order's title would: "March 2027: 2 orders". */
function monthlyTitle(period: string, orderCount: number) {
  return `${periodLabel(period)}: ${orderCount} ${orderCount === 1 ? 'order' : 'orders'}`;
}

/** A monthly invoice's line for one order: its reference, title and the quote's lines summarised. */
function monthlyLineLabel(orderId: string, orderTitle: string, lines: readonly TInvoiceLine[]) {
  const summary = lines.map((line) => line.label).join(', ');
  const label = `Order ${orderId.slice(0, 8).toUpperCase()}: ${orderTitle}${summary ? ` (${summary})` : ''}`;
  return label.length > 300 ? `${label.slice(0, 299)}…` : label;
}

type TInvoiceOrder = { id: string; title: string; quoteId: string };

function assertInvoiceMove(from: TInvoiceStatus, to: TInvoiceStatus) {
  if (!canTransition(INVOICE_MACHINE, from, to)) {
    throw new AppError('conflict', transitionRefusal(INVOICE_MACHINE, from, to));
  }
}

/**
 * How to pay an invoice still open: the bank-transfer adapter's instructions from the bank details
 * the invoice was issued with (a card adapter joins here when it exists, decision 212).
 */
function instructionsFor(invoice: TInvoiceRow): TPaymentInstructions | null {
  if (invoice.status !== 'open' && invoice.status !== 'overdue') return null;
  return createBankTransferAdapter(invoice.bankDetails ?? null).instructions({
    id: invoice.id,
    number: invoice.number,
    currency: invoice.currency,
    openMinor: invoice.totalMinor - invoice.paidMinor,
  });
}

/**
 * Invoices (decisions 209-212): issued inside the transaction of the change that makes them due
 * (a quote's acceptance, an order's delivery) with a gapless number, the seller's and buyer's
 * details, tax and a due date; booked into the ledger as they are issued, paid, or voided; e-mailed
 * with their PDF through the outbox; reminded before and after the due date.
 */
export function createInvoicesService(deps: {
  db: TDatabase;
  clock: () => Date;
  companyEmail: string;
  publicUrl: string;
  /** The card adapter when Stripe's keys are set (decision 230); null offers bank transfer only. */
  card?: TCardAdapter | null;
  /** The payouts module's payables, for a refund that reverses the provider's share (decision 215). */
  providerShares?: TProviderShares | null;
}) {
  const { db, clock, companyEmail, publicUrl } = deps;
  const card = deps.card ?? null;
  const refunds = createRefunds({
    db,
    clock,
    companyEmail,
    publicUrl,
    card,
    providerShares: deps.providerShares ?? null,
  });

  async function viewOf(tx: TExecutor, row: { invoice: TInvoiceRow; orderTitle: string | null; orgName: string }) {
    const { invoice } = row;
    const payments = await paymentsOf(tx, [invoice.id]);
    const notes = await creditNotesOf(tx, [invoice.id]);
    const orders = await ordersOfInvoices(tx, [row]);
    return toView(
      invoice,
      row.orderTitle,
      row.orgName,
      payments,
      notes,
      instructionsFor(invoice),
      card !== null,
      orders.get(invoice.id) ?? [],
    );
  }

  /** The orders each invoice bills: its own, or a monthly invoice's list. */
  async function ordersOfInvoices(tx: TExecutor, rows: readonly { invoice: TInvoiceRow; orderTitle: string | null }[]) {
    const byInvoice = new Map<string, TInvoiceOrder[]>();
    for (const { invoice, orderTitle } of rows) {
      byInvoice.set(
        invoice.id,
        invoice.orderId && invoice.quoteId
          ? [{ id: invoice.orderId, title: orderTitle ?? '', quoteId: invoice.quoteId }]
          : [],
      );
    }
    const monthly = rows.filter(({ invoice }) => invoice.kind === 'monthly').map(({ invoice }) => invoice.id);
    for (const { row, orderTitle } of await monthlyOrdersOf(tx, monthly)) {
      byInvoice.get(row.invoiceId!)?.push({ id: row.orderId, title: orderTitle, quoteId: row.quoteId });
    }
    return byInvoice;
  }

  /** What an invoice is about in e-mails and on its PDF: the order's title, or the month and its orders. */
  async function titleOf(tx: TExecutor, invoice: TInvoiceRow) {
    if (invoice.period) return monthlyTitle(invoice.period, (await monthlyOrdersOf(tx, [invoice.id])).length);
    return (await findInvoiceWithNames(tx, invoice.id))?.orderTitle ?? '';
  }

  /** E-mails to the customer organisation (people whose quote e-mails are on) and a copy to the company. */
  async function tellCustomer(
    tx: TExecutor,
    invoice: TInvoiceRow,
    orderTitle: string,
    kind: TInvoiceEmailKind,
    options: { withPdf: boolean; reason?: string },
  ) {
    const members = await emailRecipientsOf(tx, { org: invoice.customerOrgId }, 'quote_sent');
    const attachment = options.withPdf
      ? {
          filename: invoiceFileName(invoice),
          contentType: 'application/pdf',
          contentBase64: (await renderInvoicePdf(invoice, orderTitle, instructionsFor(invoice))).toString('base64'),
        }
      : null;
    const common = { kind, invoice, orderTitle, attachment, ...(options.reason ? { reason: options.reason } : {}) };
    await enqueueEmails(tx, [
      ...invoiceEmails({
        ...common,
        recipients: members,
        link: customerInvoiceLink(publicUrl, invoice),
      }),
      ...invoiceEmails({ ...common, recipients: [companyEmail], link: `${publicUrl}/admin/invoices/${invoice.id}` }),
    ]);
  }

  /** The seller, the buyer and the buyer's tax rate as an invoice issued now carries them. */
  async function partiesOf(tx: TExecutor, customerOrgId: string) {
    // One statement at a time: a transaction's connection runs them in turn.
    const company = await findCompanyBilling(tx);
    const billing = await findOrganizationBilling(tx, customerOrgId);
    const org = await findOrganizationRow(tx, customerOrgId);
    const seller: TInvoiceParty = {
      legalName: company?.legalName ?? '',
      address: company?.address ?? '',
      country: company?.country ?? null,
      taxId: company?.taxId ?? null,
    };
    const buyer: TInvoiceParty = {
      legalName: billing?.legalName ?? org?.name ?? '',
      address: billing?.address ?? '',
      country: billing?.country ?? null,
      taxId: billing?.taxId ?? null,
    };
    const rate = buyer.country ? await findTaxRate(tx, buyer.country) : undefined;
    return { company, seller, buyer, rate };
  }

  /**
   * One monthly invoice (decision 242): every order of the organisation in this currency accepted
   * before `before` and on no invoice yet, one line each, in one transaction. The orders are locked
   * first and each is claimed only while it is on no invoice (the table's key makes an order's
   * invoice one), so a run racing this one waits, then finds nothing left and issues nothing.
   * Each order's receivable, revenue and share of the tax are booked on that order.
   */
  async function issueMonthly(
    group: { customerOrgId: string; currency: string },
    before: Date,
    actor: TActor | null,
    now: Date,
  ) {
    return db.transaction(async (tx) => {
      const due = await lockMonthlyOrdersDue(tx, group, before);
      if (due.length === 0) return null;
      const period = periodOf(new Date(before.getTime() - 1));
      const lines: TInvoiceLine[] = due.map(({ row, orderTitle }) => ({
        label: monthlyLineLabel(row.orderId, orderTitle, row.lines),
        amountMinor: row.subtotalMinor,
      }));
      const { company, seller, buyer, rate } = await partiesOf(tx, group.customerOrgId);
      const totals = invoiceTotals({ lines, rate: rate ?? null, buyerTaxId: buyer.taxId });
      const { sequence, number } = await allocateInvoiceNumber(tx);
      const invoice = await insertInvoice(tx, {
        sequence,
        number,
        kind: 'monthly',
        orderId: null,
        quoteId: null,
        period,
        customerOrgId: group.customerOrgId,
        currency: group.currency,
        status: 'open',
        seller,
        buyer,
        bankDetails: company?.bankDetails ?? null,
        lines,
        taxLines: totals.taxLines,
        reverseCharge: totals.reverseCharge,
        subtotalMinor: totals.subtotalMinor,
        taxMinor: totals.taxMinor,
        totalMinor: totals.totalMinor,
        issuedAt: now,
        dueAt: new Date(now.getTime() + (company?.paymentTermsDays ?? 14) * DAY_MS),
      });
      const taxes = splitTax(
        totals.taxMinor,
        due.map(({ row }) => row.subtotalMinor),
      );
      for (const [index, { row }] of due.entries()) {
        const taxMinor = taxes[index] ?? 0;
        if (!(await claimMonthlyOrder(tx, row.orderId, invoice.id, taxMinor))) {
          throw new AppError('conflict', 'An order of this month was invoiced by another run; nothing was issued.');
        }
        await bookInvoiceIssued(
          tx,
          {
            invoiceId: invoice.id,
            number,
            orderId: row.orderId,
            customerOrgId: group.customerOrgId,
            currency: group.currency,
            subtotalMinor: row.subtotalMinor,
            taxMinor,
            actorUserId: actor?.userId ?? null,
            part: true,
          },
          now,
        );
      }
      await recordAudit(tx, {
        entity: 'invoice',
        entityId: invoice.id,
        action: 'issue',
        before: null,
        after: { ...invoice, orders: due.map(({ row }) => row.orderId) },
        actorUserId: actor?.userId ?? null,
      });
      await tellCustomer(tx, invoice, monthlyTitle(period, due.length), 'issued', { withPdf: true });
      return {
        id: invoice.id,
        number,
        customerOrgId: group.customerOrgId,
        currency: group.currency,
        period,
        orderCount: due.length,
        totalMinor: invoice.totalMinor,
      };
    });
  }

  /** A monthly run: up to `limit` organisation-and-currency groups, each its own invoice. */
  async function runMonthly(limit: number, actor: TActor | null): Promise<TMonthlyRunResult['issued']> {
    const now = clock();
    const before = startOfMonth(now);
    const issued: TMonthlyRunResult['issued'] = [];
    for (const group of await monthlyGroupsDue(db, before, limit)) {
      try {
        const invoice = await issueMonthly(group, before, actor, now);
        if (invoice) issued.push(invoice);
      } catch (error) {
        // Another run claimed the group's orders first: it issued their invoice.
        if (!(error instanceof AppError && error.code === 'conflict')) throw error;
      }
    }
    return issued;
  }

  async function issue(
    tx: TExecutor,
    kind: 'full' | 'deposit' | 'balance',
    charge: TQuoteCharge,
    depositPercent: number | null,
    actor: TActor | null,
    now: Date,
  ) {
    if (await findInvoiceOfQuote(tx, charge.quoteId, kind)) return null;
    const quoteLines: TInvoiceLine[] = charge.items.map((item) => ({
      label: item.label,
      amountMinor: toMinorUnits(item.amount, charge.currency),
    }));
    const quoteSubtotal = quoteLines.reduce((sum, line) => sum + line.amountMinor, 0);
    let lines = quoteLines;
    if (kind === 'deposit') {
      const percent = depositPercent ?? 0;
      lines = [
        { label: `Deposit (${percent}%): ${charge.orderTitle}`, amountMinor: depositOf(quoteSubtotal, percent) },
      ];
    } else if (kind === 'balance') {
      const deposit = await findInvoiceOfQuote(tx, charge.quoteId, 'deposit');
      if (deposit && deposit.status !== 'void') {
        lines = [
          ...quoteLines,
          { label: `Less deposit, invoice ${deposit.number}`, amountMinor: -deposit.subtotalMinor },
        ];
      }
    }
    const { company, seller, buyer, rate } = await partiesOf(tx, charge.customerOrgId);
    const totals = invoiceTotals({ lines, rate: rate ?? null, buyerTaxId: buyer.taxId });
    if (totals.totalMinor <= 0) return null;
    const { sequence, number } = await allocateInvoiceNumber(tx);
    const invoice = await insertInvoice(tx, {
      sequence,
      number,
      kind,
      orderId: charge.orderId,
      quoteId: charge.quoteId,
      customerOrgId: charge.customerOrgId,
      currency: charge.currency,
      status: 'open',
      seller,
      buyer,
      bankDetails: company?.bankDetails ?? null,
      lines,
      taxLines: totals.taxLines,
      reverseCharge: totals.reverseCharge,
      subtotalMinor: totals.subtotalMinor,
      taxMinor: totals.taxMinor,
      totalMinor: totals.totalMinor,
      issuedAt: now,
      dueAt: new Date(now.getTime() + (company?.paymentTermsDays ?? 14) * DAY_MS),
    });
    // The receivable is booked as the invoice is issued, once per invoice (decision 209).
    await bookInvoiceIssued(
      tx,
      {
        invoiceId: invoice.id,
        number,
        orderId: charge.orderId,
        customerOrgId: charge.customerOrgId,
        currency: charge.currency,
        subtotalMinor: totals.subtotalMinor,
        taxMinor: totals.taxMinor,
        actorUserId: actor?.userId ?? null,
      },
      now,
    );
    await recordAudit(tx, {
      entity: 'invoice',
      entityId: invoice.id,
      action: 'issue',
      before: null,
      after: invoice,
      actorUserId: actor?.userId ?? null,
    });
    await tellCustomer(tx, invoice, charge.orderTitle, 'issued', { withPdf: true });
    return invoice;
  }

  async function lockOrRefuse(tx: TExecutor, id: string, scope: { customerOrgId?: string }) {
    const invoice = await lockInvoice(tx, id);
    if (!invoice || (scope.customerOrgId && invoice.customerOrgId !== scope.customerOrgId)) {
      throw new AppError('not_found', 'Invoice not found.');
    }
    return invoice;
  }

  /**
   * Books a confirmed payment the caller has checked against the locked invoice (decision 212): the
   * ledger entry (cash / receivable, once per payment key), its invoice_payments row and the audit
   * entry; the invoice moves to paid through its state machine once nothing is open.
   */
  async function bookPayment(
    tx: TExecutor,
    invoice: TInvoiceRow,
    payment: TConfirmedPayment,
    actorUserId: string | null,
  ) {
    const now = clock();
    const { entry } = await bookInvoicePayment(
      tx,
      {
        paymentKey: payment.paymentKey,
        number: invoice.number,
        orderId: invoice.orderId,
        customerOrgId: invoice.customerOrgId,
        currency: invoice.currency,
        amountMinor: payment.amountMinor,
        actorUserId,
      },
      now,
    );
    const stored = await insertInvoicePayment(tx, {
      invoiceId: invoice.id,
      method: payment.method,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      reference: payment.reference,
      receivedOn: payment.receivedOn,
      ledgerEntryId: entry.id,
      recordedBy: actorUserId,
      createdAt: now,
    });
    const paidMinor = invoice.paidMinor + payment.amountMinor;
    const fullyPaid = paidMinor === invoice.totalMinor;
    if (fullyPaid) assertInvoiceMove(invoice.status as TInvoiceStatus, 'paid');
    const updated = await updateInvoice(tx, invoice.id, {
      paidMinor,
      ...(fullyPaid ? { status: 'paid', paidAt: now } : {}),
    });
    await recordAudit(tx, {
      entity: 'invoice',
      entityId: invoice.id,
      action: 'record_payment',
      before: invoice,
      after: { ...updated, payment: stored },
      actorUserId,
    });
    if (fullyPaid) await tellCustomer(tx, updated, await titleOf(tx, updated), 'paid', { withPdf: false });
    return updated;
  }

  /** One due-date pass over one invoice, in its own transaction; true when it changed something. */
  async function remind(id: string, now: Date): Promise<boolean> {
    return db.transaction(async (tx) => {
      const invoice = await lockInvoice(tx, id);
      if (!invoice) return false;
      const title = await titleOf(tx, invoice);
      let current = invoice;
      let changed = false;
      if (current.status === 'open' && current.dueAt.getTime() <= now.getTime()) {
        assertInvoiceMove('open', 'overdue');
        current = await updateInvoice(tx, id, { status: 'overdue' });
        await recordAudit(tx, {
          entity: 'invoice',
          entityId: id,
          action: 'mark_overdue',
          before: invoice,
          after: current,
          actorUserId: null,
        });
        changed = true;
      }
      if (current.status === 'overdue' && !current.reminderAfterSentAt) {
        const before = current;
        current = await updateInvoice(tx, id, { reminderAfterSentAt: now });
        await recordAudit(tx, {
          entity: 'invoice',
          entityId: id,
          action: 'send_reminder',
          before,
          after: { ...current, reminder: 'overdue' },
          actorUserId: null,
        });
        await tellCustomer(tx, current, title, 'overdue', { withPdf: false });
        return true;
      }
      if (
        current.status === 'open' &&
        !current.reminderBeforeSentAt &&
        current.dueAt.getTime() - REMINDER_LEAD_MS <= now.getTime()
      ) {
        const before = current;
        current = await updateInvoice(tx, id, { reminderBeforeSentAt: now });
        await recordAudit(tx, {
          entity: 'invoice',
          entityId: id,
          action: 'send_reminder',
          before,
          after: { ...current, reminder: 'due_soon' },
          actorUserId: null,
        });
        await tellCustomer(tx, current, title, 'due_soon', { withPdf: false });
        return true;
      }
      return changed;
    });
  }

  return {
    /**
     * Issues what the customer organisation's billing setting asks for at this stage, inside the
     * caller's transaction (the quote's acceptance, the order's delivery). Issued once per quote and
     * kind; a stage with nothing to invoice does nothing.
     */
    async issueForStage(tx: TExecutor, stage: TBillingStage, charge: TQuoteCharge, actor: TActor | null) {
      const billing = await findOrganizationBilling(tx, charge.customerOrgId);
      const mode = (billing?.mode ?? 'in_advance') as TBillingMode;
      if (mode === 'monthly' && stage === 'acceptance') {
        // What a monthly organisation owes accrues until the month's invoice (decision 242).
        const lines = charge.items.map((item) => ({
          label: item.label,
          amountMinor: toMinorUnits(item.amount, charge.currency),
        }));
        const subtotalMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0);
        if (subtotalMinor > 0) {
          await insertMonthlyOrder(tx, {
            orderId: charge.orderId,
            quoteId: charge.quoteId,
            customerOrgId: charge.customerOrgId,
            currency: charge.currency,
            lines,
            subtotalMinor,
            acceptedAt: clock(),
          });
        }
        return null;
      }
      const kind = ISSUED_AT[mode][stage];
      if (!kind) return null;
      return issue(tx, kind, charge, billing?.depositPercent ?? null, actor, clock());
    },

    async list(query: TListInvoicesQuery & { customerOrgId?: string }): Promise<TInvoiceList> {
      const rows = await listInvoices(db, {
        limit: query.limit + 1,
        cursor: decodeCursor(query.cursor),
        status: query.status,
        customerOrgId: query.customerOrgId ?? query.orgId,
        orderId: query.orderId,
      });
      const page = rows.slice(0, query.limit);
      const payments = await paymentsOf(
        db,
        page.map((row) => row.invoice.id),
      );
      const notes = await creditNotesOf(
        db,
        page.map((row) => row.invoice.id),
      );
      const orders = await ordersOfInvoices(db, page);
      const views = new Map<string, TInvoiceView>();
      for (const row of page) {
        views.set(
          row.invoice.id,
          toView(
            row.invoice,
            row.orderTitle,
            row.orgName,
            payments.filter((payment) => payment.invoiceId === row.invoice.id),
            notes.filter((note) => note.invoiceId === row.invoice.id),
            instructionsFor(row.invoice),
            card !== null,
            orders.get(row.invoice.id) ?? [],
          ),
        );
      }
      return toPage(
        rows,
        query.limit,
        (row) => row.invoice.id,
        (row) => views.get(row.invoice.id)!,
      );
    },

    async get(id: string, scope: { customerOrgId?: string } = {}): Promise<TInvoiceView> {
      const row = await findInvoiceWithNames(db, id);
      if (!row || (scope.customerOrgId && row.invoice.customerOrgId !== scope.customerOrgId)) {
        throw new AppError('not_found', 'Invoice not found.');
      }
      return viewOf(db, row);
    },

    /**
     * The latest invoice issued for a quote (a balance after its deposit), or the monthly invoice
     * that bills its order: the quote card's link.
     */
    async ofQuote(quoteId: string, scope: { customerOrgId: string }): Promise<TInvoiceView> {
      const latest =
        (await latestInvoiceOfQuote(db, quoteId, scope.customerOrgId))?.id ??
        (await monthlyInvoiceOfQuote(db, quoteId, scope.customerOrgId));
      if (!latest) throw new AppError('conflict', INVOICE_MESSAGES.noneYet);
      return this.get(latest, scope);
    },

    /**
     * Where orders of monthly organisations are billed (decision 242), by their accepted quote: the
     * month it was accepted in and, once issued, the monthly invoice. Others are not in the map.
     */
    async monthlyBilling(orderIds: readonly string[], customerOrgId: string): Promise<Map<string, TMonthlyBilling>> {
      const billing = new Map<string, TMonthlyBilling>();
      for (const row of await monthlyBillingOfOrders(db, orderIds)) {
        if (row.customerOrgId !== customerOrgId) continue;
        billing.set(row.quoteId, {
          period: row.period ?? periodOf(row.acceptedAt),
          invoiceId: row.invoiceId,
          invoiceNumber: row.invoiceNumber,
        });
      }
      return billing;
    },

    /**
     * The monthly run (decision 242): for each organisation and currency with orders accepted
     * before this calendar month and on no invoice yet, one invoice for them all. The worker runs it
     * in batches; a second run, or one racing it, issues nothing more.
     */
    async issueMonthlyInvoices(limit: number): Promise<number> {
      return (await runMonthly(limit, null)).length;
    },

    /** An admin's "Issue monthly invoices now": the same run at once, with what it issued. */
    async issueMonthlyInvoicesNow(actor: TActor): Promise<TMonthlyRunResult> {
      const issued: TMonthlyRunResult['issued'] = [];
      for (;;) {
        const batch = await runMonthly(100, actor);
        issued.push(...batch);
        if (batch.length < 100) break;
      }
      return { issued };
    },

    /** The invoice's PDF as it stands now (a paid one shows what was paid). */
    async pdf(id: string, scope: { customerOrgId?: string } = {}) {
      const row = await findInvoiceWithNames(db, id);
      if (!row || (scope.customerOrgId && row.invoice.customerOrgId !== scope.customerOrgId)) {
        throw new AppError('not_found', 'Invoice not found.');
      }
      const body = await renderInvoicePdf(row.invoice, await titleOf(db, row.invoice), instructionsFor(row.invoice));
      return { fileName: invoiceFileName(row.invoice), body };
    },

    /**
     * An admin records a bank transfer that arrived (decision 212): in the invoice's currency, more
     * than zero and at most what is still open, on an open or overdue invoice. The ledger books it
     * (cash from the receivable); the invoice is paid once nothing is open. An Idempotency-Key makes
     * a retried request record it once.
     */
    async recordPayment(
      id: string,
      request: TRecordPaymentRequest,
      actor: TActor,
      idempotencyKey?: string,
    ): Promise<TInvoiceView> {
      const result = await runIdempotent<TInvoiceView>(
        db,
        { scope: `invoice-payment:${id}`, key: idempotencyKey, requestHash: hashRequest(request) },
        async (tx) => {
          const invoice = await lockOrRefuse(tx, id, {});
          if (invoice.status !== 'open' && invoice.status !== 'overdue') {
            throw new AppError('conflict', INVOICE_MESSAGES.notPayable(invoice.status));
          }
          if (request.currency !== invoice.currency) {
            const message = INVOICE_MESSAGES.currencyMismatch(invoice.currency, request.currency);
            throw new AppError('validation_failed', message, { currency: message });
          }
          let amountMinor: number;
          try {
            amountMinor = toMinorUnits(request.amount, invoice.currency);
          } catch {
            throw new AppError('validation_failed', INVOICE_MESSAGES.amountFormat, {
              amount: INVOICE_MESSAGES.amountFormat,
            });
          }
          if (amountMinor <= 0) {
            throw new AppError('validation_failed', INVOICE_MESSAGES.amountPositive, {
              amount: INVOICE_MESSAGES.amountPositive,
            });
          }
          const openMinor = invoice.totalMinor - invoice.paidMinor;
          if (amountMinor > openMinor) {
            const message = INVOICE_MESSAGES.amountAboveOpen(moneyOf(openMinor, invoice.currency));
            throw new AppError('validation_failed', message, { amount: message });
          }
          const payment = confirmBankTransfer({
            amountMinor,
            currency: invoice.currency,
            reference: request.reference,
            receivedOn: request.receivedOn,
            paymentKey: `invoice-payment:${randomUUID()}`,
          });
          await bookPayment(tx, invoice, payment, actor.userId);
          const row = (await findInvoiceWithNames(tx, id))!;
          return { status: 201, body: await viewOf(tx, row) };
        },
      );
      return result.body;
    },

    /**
     * The customer pays an open invoice by card (decision 230): a Checkout Session for what is
     * still open, whose URL the customer is sent to. Refused when card payment is not set up or the
     * invoice is not open.
     */
    async cardCheckout(id: string, scope: { customerOrgId: string }): Promise<{ url: string }> {
      const row = await findInvoiceWithNames(db, id);
      if (!row || row.invoice.customerOrgId !== scope.customerOrgId) {
        throw new AppError('not_found', 'Invoice not found.');
      }
      if (!card) throw new AppError('conflict', INVOICE_MESSAGES.cardUnavailable);
      const { invoice } = row;
      if (invoice.status !== 'open' && invoice.status !== 'overdue') {
        throw new AppError('conflict', INVOICE_MESSAGES.notPayable(invoice.status));
      }
      const back = customerInvoiceLink(publicUrl, invoice);
      const url = await card.checkout(
        {
          id: invoice.id,
          number: invoice.number,
          currency: invoice.currency,
          openMinor: invoice.totalMinor - invoice.paidMinor,
        },
        { success: `${back}&card=paid`, cancel: `${back}&card=cancelled` },
      );
      return { url };
    },

    /**
     * Stripe's webhook (decision 230): the raw body verified against the signing secret (else 400,
     * nothing booked). A completed Checkout Session books its payment against the invoice named in
     * its metadata, once per payment intent: a replay, or the same event on two instances at once,
     * finds the first booking under the invoice's row lock and books nothing more.
     */
    async stripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<{ booked: boolean }> {
      if (!card) throw new AppError('not_found', 'Card payments are not set up.');
      const event = card.verify(rawBody, signature);
      if (!event) throw new AppError('bad_request', 'The webhook signature does not match.');
      const refunded = await refunds.fromStripe(event);
      if (refunded) return refunded;
      const confirmed = confirmedCardPayment(event);
      if (!confirmed) return { booked: false };
      const { invoiceId, payment } = confirmed;
      return db.transaction(async (tx) => {
        const invoice = await lockInvoice(tx, invoiceId);
        if (!invoice) throw new AppError('not_found', 'Invoice not found.');
        if (await findEntryByKey(tx, payment.paymentKey)) return { booked: false };
        if (invoice.status !== 'open' && invoice.status !== 'overdue') {
          throw new AppError('conflict', INVOICE_MESSAGES.notPayable(invoice.status));
        }
        if (payment.currency !== invoice.currency) {
          throw new AppError(
            'validation_failed',
            INVOICE_MESSAGES.currencyMismatch(invoice.currency, payment.currency),
          );
        }
        const openMinor = invoice.totalMinor - invoice.paidMinor;
        if (payment.amountMinor <= 0 || payment.amountMinor > openMinor) {
          throw new AppError(
            'validation_failed',
            INVOICE_MESSAGES.amountAboveOpen(moneyOf(openMinor, invoice.currency)),
          );
        }
        await bookPayment(tx, invoice, payment, null);
        return { booked: true };
      });
    },

    /**
     * An admin refunds part or all of what was paid, with a reason (decision 215): a credit note,
     * the Stripe refund where a card paid, the ledger's entries; the invoice as it then stands.
     */
    async refund(id: string, request: TRefundRequest, actor: TActor, idempotencyKey: string | undefined) {
      await refunds.refund(id, request, actor, idempotencyKey);
      return this.get(id);
    },

    /** An issued credit note's PDF (an admin's, or the customer organisation's own). */
    creditNotePdf(id: string, scope: { customerOrgId?: string } = {}) {
      return refunds.pdf(id, scope);
    },

    /**
     * An admin voids an invoice with a reason while nothing is paid on it: a reversing entry
     * takes the receivable (and its revenue and tax) back out of the ledger.
     */
    async voidInvoice(id: string, reason: string, actor: TActor): Promise<TInvoiceView> {
      return db.transaction(async (tx) => {
        const invoice = await lockOrRefuse(tx, id, {});
        if (invoice.status !== 'open' && invoice.status !== 'overdue') {
          throw new AppError('conflict', INVOICE_MESSAGES.notVoidable(invoice.status));
        }
        if (invoice.paidMinor > 0) throw new AppError('conflict', INVOICE_MESSAGES.voidAfterPayment);
        assertInvoiceMove(invoice.status as TInvoiceStatus, 'void');
        const now = clock();
        // A monthly invoice is reversed order by order, as it was booked (decision 242).
        const parts = invoice.orderId
          ? [{ orderId: invoice.orderId, subtotalMinor: invoice.subtotalMinor, taxMinor: invoice.taxMinor, key: '' }]
          : (await monthlyOrdersOf(tx, [id])).map(({ row }) => ({
              orderId: row.orderId,
              subtotalMinor: row.subtotalMinor,
              taxMinor: row.taxMinor ?? 0,
              key: `:${row.orderId}`,
            }));
        for (const part of parts) {
          const lines = [
            {
              account: 'receivable' as const,
              organizationId: invoice.customerOrgId,
              amountMinor: -(part.subtotalMinor + part.taxMinor),
            },
            { account: 'revenue' as const, organizationId: null, amountMinor: part.subtotalMinor },
            ...(part.taxMinor > 0
              ? [{ account: 'tax' as const, organizationId: null, amountMinor: part.taxMinor }]
              : []),
          ];
          await book(
            tx,
            {
              kind: 'adjustment',
              currency: invoice.currency,
              orderId: part.orderId,
              memo: `Invoice ${invoice.number} void: ${reason}`,
              idempotencyKey: `invoice:${id}:void${part.key}`,
              actorUserId: actor.userId,
              lines,
            },
            now,
          );
        }
        const updated = await updateInvoice(tx, id, { status: 'void', voidedAt: now, voidReason: reason });
        await recordAudit(tx, {
          entity: 'invoice',
          entityId: id,
          action: 'void',
          before: invoice,
          after: { ...updated, reason },
          actorUserId: actor.userId,
        });
        const row = (await findInvoiceWithNames(tx, id))!;
        await tellCustomer(tx, updated, await titleOf(tx, updated), 'void', { withPdf: false, reason });
        return viewOf(tx, row);
      });
    },

    /**
     * The due-date pass (the invoice-reminders worker): open invoices past their due date become
     * overdue and get one reminder; open ones due within three days get one reminder before.
     * Each invoice in its own transaction; a second pass finds nothing more to send.
     */
    async sendDueReminders(limit: number): Promise<number> {
      const now = clock();
      const ids = new Set<string>();
      for (const row of await openInvoicesPastDue(db, now, limit)) ids.add(row.id);
      for (const row of await overdueWithoutReminder(db, limit)) ids.add(row.id);
      for (const row of await invoicesDueSoon(db, now, REMINDER_LEAD_MS, limit)) ids.add(row.id);
      let handled = 0;
      for (const id of [...ids].slice(0, limit)) {
        if (await remind(id, now)) handled += 1;
      }
      return handled;
    },

    /**
     * Pay before download (decision 211): when the order's customer organisation has it on and an
     * invoice of the order is not yet paid, the invoice that holds the downloads back; else null.
     */
    downloadLock(orderId: string, customerOrgId: string) {
      return downloadLockOf(db, orderId, customerOrgId);
    },
  };
}

/**
 * Pay before download (decision 211): when the customer organisation has it on and an invoice of
 * the order is not yet paid (void ones aside), the invoice that holds the downloads back; else null.
 */
export async function downloadLockOf(db: TExecutor, orderId: string, customerOrgId: string) {
  const billing = await findOrganizationBilling(db, customerOrgId);
  if (!billing?.payBeforeDownload) return null;
  return (await unpaidInvoiceOfOrder(db, orderId)) ?? null;
}

function toView(
  invoice: TInvoiceRow,
  orderTitle: string | null,
  orgName: string,
  payments: readonly {
    id: string;
    method: string;
    amountMinor: number;
    reference: string | null;
    receivedOn: string;
    createdAt: Date;
  }[],
  notes: readonly TCreditNoteRow[],
  instructions: TPaymentInstructions | null,
  cardAvailable: boolean,
  orders: readonly TInvoiceOrder[],
): TInvoiceView {
  return {
    id: invoice.id,
    number: invoice.number,
    kind: invoice.kind as TInvoiceView['kind'],
    quoteId: invoice.quoteId,
    status: invoice.status as TInvoiceView['status'],
    order: invoice.orderId ? { id: invoice.orderId, title: orderTitle ?? '' } : null,
    orders: [...orders],
    period: invoice.period,
    customerOrg: { id: invoice.customerOrgId, name: orgName },
    currency: invoice.currency,
    seller: invoice.seller,
    buyer: invoice.buyer,
    lines: invoice.lines,
    taxLines: invoice.taxLines,
    reverseCharge: invoice.reverseCharge,
    subtotalMinor: invoice.subtotalMinor,
    taxMinor: invoice.taxMinor,
    totalMinor: invoice.totalMinor,
    paidMinor: invoice.paidMinor,
    openMinor: invoice.status === 'void' ? 0 : invoice.totalMinor - invoice.paidMinor,
    refundedMinor: invoice.refundedMinor,
    refundableMinor: refundableMinorOf(invoice, notes),
    issuedAt: invoice.issuedAt.toISOString(),
    dueAt: invoice.dueAt.toISOString(),
    paidAt: invoice.paidAt?.toISOString() ?? null,
    voidedAt: invoice.voidedAt?.toISOString() ?? null,
    voidReason: invoice.voidReason,
    payments: payments.map((payment) => ({
      id: payment.id,
      method: payment.method as 'bank_transfer' | 'card',
      amountMinor: payment.amountMinor,
      reference: payment.reference,
      receivedOn: payment.receivedOn,
      createdAt: payment.createdAt.toISOString(),
    })),
    instructions: instructions ? { ...instructions, lines: [...instructions.lines] } : null,
    payByCard: cardAvailable && (invoice.status === 'open' || invoice.status === 'overdue'),
    creditNotes: notes.map((note) => ({
      id: note.id,
      number: note.number,
      status: note.status as TCreditNoteView['status'],
      source: note.source as TCreditNoteView['source'],
      currency: note.currency,
      subtotalMinor: note.subtotalMinor,
      taxMinor: note.taxMinor,
      totalMinor: note.totalMinor,
      reason: note.reason,
      reverseProviderShare: note.reverseProviderShare,
      providerShareMinor: note.providerShareMinor,
      methods: [...new Set(note.allocations.map((part) => part.method))],
      failure: note.failure,
      createdAt: note.createdAt.toISOString(),
      issuedAt: note.issuedAt?.toISOString() ?? null,
    })),
  };
}

export type TInvoicesService = ReturnType<typeof createInvoicesService>;
