/**
 * Amounts as the ledger keeps them (decision 208): integers in the currency's minor unit (cents
 * for USD and GBP, yen for JPY, fils for BHD), so sums never drift. Conversion goes through the
 * decimal text, never through a float multiplication (0.29 * 100 is 28.999999999999996).
 */

/** Digits after the decimal point in `currency` (ISO 4217), as Intl knows them; 2 when unknown. */
export function minorDigitsOf(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * An amount ("1200.5", 1200.5 or the database's numeric text "1200.50") as minor units. Refuses
 * more decimals than the currency has rather than rounding money silently.
 */
export function toMinorUnits(amount: number | string, currency: string): number {
  const digits = minorDigitsOf(currency);
  const text = typeof amount === 'number' ? amount.toFixed(Math.max(digits, 2) + 2) : amount.trim();
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) throw new RangeError(`Not an amount: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  if (/[1-9]/.test(fraction.slice(digits))) {
    throw new RangeError(`${text} has more decimals than ${currency} allows (${digits}).`);
  }
  const minor = Number(`${whole}${kept}`);
  if (!Number.isSafeInteger(minor)) throw new RangeError(`${text} ${currency} is too large.`);
  return sign && minor !== 0 ? -minor : minor;
}

/** Minor units back as a decimal amount (for display and for the numeric columns). */
export function fromMinorUnits(minor: number, currency: string): number {
  return minor / 10 ** minorDigitsOf(currency);
}
