import { describe, expect, it } from 'vitest';
import { depositOf, invoiceTotals, percentOf, splitTax } from './invoice-amounts.ts';

const lines = [
  { label: 'Capture', amountMinor: 100_000 },
  { label: 'Processing', amountMinor: 33_333 },
];

describe('invoice totals', () => {
  it('adds the lines and nothing else without a tax rate for the buyer', () => {
    expect(invoiceTotals({ lines, rate: null, buyerTaxId: null })).toEqual({
      subtotalMinor: 133_333,
      taxLines: [],
      taxMinor: 0,
      totalMinor: 133_333,
      reverseCharge: false,
    });
  });

  it("charges the country's rate on the subtotal, rounded half up to the minor unit", () => {
    const totals = invoiceTotals({
      lines,
      rate: { label: 'VAT', rateBasisPoints: 2000, reverseChargeForBusiness: false },
      buyerTaxId: 'GB123',
    });
    // 133 333 × 20 % = 26 666.6 → 26 667.
    expect(totals).toMatchObject({ taxMinor: 26_667, totalMinor: 160_000, reverseCharge: false });
    expect(totals.taxLines).toEqual([{ label: 'VAT', rateBasisPoints: 2000, baseMinor: 133_333, amountMinor: 26_667 }]);
  });

  it('charges no tax under reverse charge for a business buyer with a tax id, and tax for one without', () => {
    const rate = { label: 'VAT', rateBasisPoints: 1900, reverseChargeForBusiness: true };
    expect(invoiceTotals({ lines, rate, buyerTaxId: 'DE999' })).toMatchObject({
      taxMinor: 0,
      totalMinor: 133_333,
      reverseCharge: true,
      taxLines: [{ label: 'VAT (reverse charge)', rateBasisPoints: 0, amountMinor: 0 }],
    });
    expect(invoiceTotals({ lines, rate, buyerTaxId: null })).toMatchObject({ taxMinor: 25_333, reverseCharge: false });
  });

  it('takes a deposit as a rounded share and names rates as percentages', () => {
    expect(depositOf(133_333, 30)).toBe(40_000);
    expect(percentOf(2000)).toBe('20%');
    expect(percentOf(825)).toBe('8.25%');
  });
});

describe("a monthly invoice's tax split over its orders", () => {
  it('gives each order its share and adds up to the tax exactly', () => {
    expect(splitTax(30_000, [100_000, 50_000])).toEqual([20_000, 10_000]);
    const parts = splitTax(100, [1, 1, 1]);
    expect(parts.reduce((sum, part) => sum + part, 0)).toBe(100);
    expect(parts).toEqual([34, 33, 33]);
  });

  it('gives nothing when there is no tax', () => {
    expect(splitTax(0, [5, 7])).toEqual([0, 0]);
  });
});
