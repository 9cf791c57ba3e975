/** Nearest-rank percentile of unsorted values (0 when there are none). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

export type TLatencySummary = { p50: number; p90: number; p99: number; max: number };

export function latencySummary(values: readonly number[]): TLatencySummary {
  const r = (value: number) => Math.round(value * 10) / 10;
  return {
    p50: r(percentile(values, 50)),
    p90: r(percentile(values, 90)),
    p99: r(percentile(values, 99)),
    max: r(percentile(values, 100)),
  };
}
