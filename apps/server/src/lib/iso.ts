/** A timestamp as the API shows it: ISO 8601 in UTC, or null where there is none. */
export function iso(value: Date | null | undefined): string | null {
  return value ? value.toISOString() : null;
}
