import { describe, expect, it } from 'vitest';
import { fieldMessages } from '../errors.ts';
import {
  DEFAULT_PRICE_BREAKDOWN,
  DEFAULT_QUOTE_SLA,
  parsePriceBreakdownJson,
  priceTotal,
  validityInstant,
  WORKFLOW_TOASTS,
  WORKFLOW_VALIDATION,
  ZConvertLeadRequest,
  ZCreateAssignmentRequest,
  ZCreateQuoteRequest,
  ZPriceBreakdown,
  ZProposeScheduleRequest,
} from './admin-workflow.ts';

/** The words of spec 001 §5, §8 and §9, letter for letter (written out here, not imported). */
describe('the spec’s words', () => {
  it('keeps the validation toasts', () => {
    expect(WORKFLOW_VALIDATION).toEqual({
      selectCustomerOrg: {
        title: 'Select customer org',
        message: 'Choose a customer organization to create the order under.',
      },
      selectOrder: { title: 'Select an order', message: 'Please choose an order to quote.' },
      invalidPriceJson: 'Invalid price JSON',
      pickProvider: { title: 'Pick a provider', message: 'Select a provider organization first.' },
      enterWindow: { title: 'Enter a window', message: 'Please select start and end date/time.' },
    });
  });

  it('keeps the result toasts', () => {
    expect(WORKFLOW_TOASTS.leadUpdated.message('triage')).toBe('Status set to triage');
    expect(WORKFLOW_TOASTS.leadConverted).toEqual({
      title: 'Success',
      message: 'Lead converted to order successfully',
    });
    expect(WORKFLOW_TOASTS.quoteCreated).toEqual({ title: 'Quote created', message: 'Draft quote has been created.' });
    expect(WORKFLOW_TOASTS.quoteSent).toEqual({ title: 'Quote sent', message: 'Customer can now accept or decline.' });
    expect(WORKFLOW_TOASTS.scheduleConfirmed).toEqual({
      title: 'Schedule confirmed',
      message: 'Provider will be notified.',
    });
    expect(WORKFLOW_TOASTS.assigned).toEqual({
      title: 'Assigned',
      message: 'Provider has been assigned to this order.',
    });
  });

  it('keeps the default quote', () => {
    expect(DEFAULT_PRICE_BREAKDOWN).toEqual({
      items: [
        { label: 'Capture', amount: 1000 },
        { label: 'Processing', amount: 500 },
      ],
      currency: 'USD',
    });
    expect(DEFAULT_QUOTE_SLA).toBe('Standard SLA: 5 business days after capture');
  });
});

describe('requests', () => {
  const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    result.success ? {} : fieldMessages(result.error!.issues);

  it('asks for the customer organisation, the order and the provider with the spec messages', () => {
    expect(messages(ZConvertLeadRequest.safeParse({}))).toEqual({
      customerOrgId: 'Choose a customer organization to create the order under.',
    });
    expect(messages(ZConvertLeadRequest.safeParse({ customerOrgId: '' }))).toEqual({
      customerOrgId: 'Choose a customer organization to create the order under.',
    });
    expect(messages(ZCreateQuoteRequest.safeParse({ priceBreakdown: DEFAULT_PRICE_BREAKDOWN }))).toEqual({
      orderId: 'Please choose an order to quote.',
    });
    expect(
      messages(
        ZCreateAssignmentRequest.safeParse({ orderId: '7f3c2a51-3f0b-4b8e-9a3e-2f1d7c9b0a11', compensation: 0 }),
      ),
    ).toEqual({ providerOrgId: 'Select a provider organization first.' });
  });

  it('needs the compensation of an offer', () => {
    const offer = {
      orderId: '7f3c2a51-3f0b-4b8e-9a3e-2f1d7c9b0a11',
      providerOrgId: '0b6f2d7e-1c1a-4d8e-8f4b-5a9e3c2d1b00',
    };
    const required = { compensation: 'Enter the compensation the provider is paid for this job.' };
    expect(messages(ZCreateAssignmentRequest.safeParse(offer))).toEqual(required);
    expect(messages(ZCreateAssignmentRequest.safeParse({ ...offer, compensation: null }))).toEqual(required);
    expect(messages(ZCreateAssignmentRequest.safeParse({ ...offer, compensation: 'ten' }))).toEqual({
      compensation: 'Compensation must be a number.',
    });
    expect(ZCreateAssignmentRequest.safeParse({ ...offer, compensation: 0 }).success).toBe(true);
  });

  it('creates an order under an existing organisation or a new one, not both', () => {
    const newCustomerOrg = { name: ' Seaview Lets ', contactEmail: 'petra@example.com' };
    expect(ZConvertLeadRequest.parse({ newCustomerOrg })).toEqual({
      newCustomerOrg: { name: 'Seaview Lets', contactEmail: 'petra@example.com' },
    });
    expect(
      messages(
        ZConvertLeadRequest.safeParse({ customerOrgId: '7f3c2a51-3f0b-4b8e-9a3e-2f1d7c9b0a11', newCustomerOrg }),
      ),
    ).toEqual({ customerOrgId: 'Choose an existing customer organization or a new one, not both.' });
  });

  it('needs both ends of a proposed window, the end after the start', () => {
    expect(messages(ZProposeScheduleRequest.safeParse({ start: '2030-01-01T09:00:00Z' }))).toEqual({
      end: 'Please select start and end date/time.',
    });
    expect(messages(ZProposeScheduleRequest.safeParse({ start: '', end: null }))).toEqual({
      start: 'Please select start and end date/time.',
      end: 'Please select start and end date/time.',
    });
    expect(
      messages(ZProposeScheduleRequest.safeParse({ start: '2030-01-01T10:00:00Z', end: '2030-01-01T09:00:00Z' })),
    ).toEqual({ end: 'The window must end after it starts.' });
    expect(ZProposeScheduleRequest.parse({ start: '2030-01-01T09:00:00Z', end: '2030-01-01T10:00:00Z' })).toEqual({
      start: '2030-01-01T09:00:00Z',
      end: '2030-01-01T10:00:00Z',
    });
  });
});

describe('price breakdown', () => {
  it('bounds items, labels, amounts and the currency', () => {
    const ok = ZPriceBreakdown.safeParse({ items: [{ label: ' Capture ', amount: 1000.5 }], currency: 'eur' });
    expect(ok.success && ok.data).toEqual({ items: [{ label: 'Capture', amount: 1000.5 }], currency: 'EUR' });
    const bad = (value: unknown) => messages(ZPriceBreakdown.safeParse(value));
    const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
      result.success ? {} : fieldMessages(result.error!.issues);
    expect(bad({ items: [{ label: 'x', amount: 0.291 }], currency: 'USD' })).toEqual({
      'items.0.amount': 'Amounts may have at most 2 decimals.',
    });
    expect(bad({ items: [{ label: 'x'.repeat(101), amount: 1 }], currency: 'USD' })).toEqual({
      'items.0.label': 'Item labels must be at most 100 characters.',
    });
    expect(bad({ items: [{ label: 'x', amount: Number.POSITIVE_INFINITY }], currency: 'USD' })).toHaveProperty(
      'items.0.amount',
    );
    expect(bad({ items: [{ label: 'x', amount: '5' }], currency: 'USD' })).toEqual({
      'items.0.amount': 'Each amount must be a number.',
    });
    expect(bad({ items: [{ label: 'x', amount: 1 }], currency: 'US' })).toEqual({
      currency: 'Currency must be a 3-letter ISO 4217 code, such as USD.',
    });
    expect(bad({ items: [{ label: 'x', amount: 0 }], currency: 'USD' })).toEqual({});
    expect(bad({ items: [{ label: 'x', amount: 10_000_000 }], currency: 'USD' })).toEqual({});
  });

  it('adds in cents', () => {
    expect(
      priceTotal([
        { label: 'a', amount: 0.1 },
        { label: 'b', amount: 0.2 },
      ]),
    ).toBe(0.3);
    expect(priceTotal(DEFAULT_PRICE_BREAKDOWN.items)).toBe(1500);
  });

  it('shows the parse error of pasted JSON, or the first rule it breaks', () => {
    expect(parsePriceBreakdownJson('{"items":[{"label":"Capture","amount":1000}],"currency":"USD"}')).toEqual({
      ok: true,
      value: { items: [{ label: 'Capture', amount: 1000 }], currency: 'USD' },
    });
    const notJson = parsePriceBreakdownJson('{items: }');
    expect(notJson.ok).toBe(false);
    expect(!notJson.ok && notJson.message).toMatch(/JSON/);
    expect(parsePriceBreakdownJson('{"items":[],"currency":"USD"}')).toEqual({
      ok: false,
      message: 'Add at least one item.',
    });
  });
});

describe('validityInstant', () => {
  it('reads a date as the end of that day (UTC) and a date-time as itself', () => {
    expect(validityInstant('2030-05-01').toISOString()).toBe('2030-05-01T23:59:59.999Z');
    expect(validityInstant('2030-05-01T12:00:00+02:00').toISOString()).toBe('2030-05-01T10:00:00.000Z');
  });
});
