/** Amounts, sizes and labels as the console shows them. */

export function formatMoney(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
  } catch {
    // A currency code Intl does not know still reads plainly.
    return `${amount.toFixed(2)} ${currency}`;
  }
}

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** Bytes in the largest unit that keeps the number at least 1 (1024 per step), e.g. "2.0 KB". */
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${SIZE_UNITS[unit]}`;
}

/** A stored token (snake_case or kebab-case) as words: "in_progress" → "in progress". */
export function humanize(token: string): string {
  return token.replace(/[_-]+/g, ' ');
}

/** A share as a percentage, or "—" when there is nothing to divide. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
}

/** Every region a provider's certifications cover, once each. */
export function regionsOf(provider: { certifications: readonly { regions: readonly string[] }[] }): string[] {
  return [...new Set(provider.certifications.flatMap((certification) => certification.regions))];
}
