const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

function rounded(value: number) {
  return Number(value.toFixed(value < 10 ? 1 : 0));
}

/** A byte count as people read it: "512 B", "1.5 MB", "12 GB" (1 KB = 1024 bytes). */
export function formatFileSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  let value = bytes;
  let unit = 0;
  // Move up a unit while the shown number would reach 1024 ("1024 KB" reads as "1 MB").
  while (unit < UNITS.length - 1 && rounded(value) >= 1024) {
    value /= 1024;
    unit += 1;
  }
  return `${rounded(value)} ${UNITS[unit]}`;
}
