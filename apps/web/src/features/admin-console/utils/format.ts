/** Amounts, sizes and labels as the console shows them. */

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
