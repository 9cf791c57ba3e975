import type { TInvoiceLine, TInvoiceTaxLine } from '@spacecapture/db/invoices-schema';

/**
 * What an invoice adds up to (decision 209), in minor units: its lines, the tax on their sum at the
 * buyer's country's rate (rounded half up to the minor unit), or none under reverse charge when the
 * rate says so and the buyer is a business with a tax id.
 */

export type TTaxRate = { label: string; rateBasisPoints: number; reverseChargeForBusiness: boolean };

export function invoiceTotals(input: {
  lines: readonly TInvoiceLine[];
  rate: TTaxRate | null;
  buyerTaxId: string | null;
}) {
  const subtotalMinor = input.lines.reduce((sum, line) => sum + line.amountMinor, 0);
  const { rate } = input;
  if (!rate)
    return {
      subtotalMinor,
      taxLines: [] as TInvoiceTaxLine[],
      taxMinor: 0,
      totalMinor: subtotalMinor,
      reverseCharge: false,
    };
  if (rate.reverseChargeForBusiness && input.buyerTaxId) {
    return {
      subtotalMinor,
      taxLines: [
        { label: `${rate.label} (reverse charge)`, rateBasisPoints: 0, baseMinor: subtotalMinor, amountMinor: 0 },
      ],
      taxMinor: 0,
      totalMinor: subtotalMinor,
      reverseCharge: true,
    };
  }
  const taxMinor = Math.round((subtotalMinor * rate.rateBasisPoints) / 10_000);
  return {
    subtotalMinor,
    taxLines: [
      { label: rate.label, rateBasisPoints: rate.rateBasisPoints, baseMinor: subtotalMinor, amountMinor: taxMinor },
    ],
    taxMinor,
    totalMinor: subtotalMinor + taxMinor,
    reverseCharge: false,
  };
}

/** A deposit's share of a subtotal: the percentage, rounded to the minor unit. */
export function depositOf(subtotalMinor: number, percent: number) {
  return Math.round((subtotalMinor * percent) / 100);
}

/** A rate in basis points as a percentage for people: 2000 → "20%", 825 → "8.25%". */
export function percentOf(rateBasisPoints: number) {
  return `${Number((rateBasisPoints / 100).toFixed(2))}%`;
}

/**
 * A monthly invoice's tax split over its orders in proportion to their subtotals, so each order's
 * ledger entry carries its part (decision 242): largest remainder, so the parts add up exactly.
 */
export function splitTax(taxMinor: number, subtotals: readonly number[]): number[] {
  const base = subtotals.reduce((sum, value) => sum + value, 0);
  if (taxMinor === 0 || base <= 0) return subtotals.map(() => 0);
  const exact = subtotals.map((value) => (taxMinor * value) / base);
  const parts = exact.map((value) => Math.floor(value));
  let left = taxMinor - parts.reduce((sum, value) => sum + value, 0);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}
