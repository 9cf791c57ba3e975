/**
 * Money as every screen shows it. The UI is written in US English, so amounts are too
 * ("$1,500.00", "€1,250.00"), whatever the browser's locale.
 */

/** An amount in its currency; a code Intl does not know still reads plainly ("5.00 XX1"). */
export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/** An amount rounded to whole units, for a chart's bar labels (the exact figure is in the totals and CSV). */
export function formatMoneyRounded(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(amount);
  } catch {
    return `${Math.round(amount)} ${currency}`;
  }
}

const PLAIN = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A figure without its currency ("980.25"), where the label around it names what it is. */
export function formatAmount(amount: number): string {
  return PLAIN.format(amount);
}

/** Provider compensation is kept without a currency; the marketplace quotes and pays in US dollars. */
export const PAYOUT_CURRENCY = 'USD';
