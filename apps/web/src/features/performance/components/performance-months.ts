/** The last `count` calendar months (UTC) ending with the one of `now`, as YYYY-MM, oldest first. */
export function lastMonths(now: Date, count: number): string[] {
  const months: string[] = [];
  for (let back = count - 1; back >= 0; back -= 1) {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(`${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return months;
}

const MONTH_LABEL = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });

/** "2026-03" → "Mar 26". */
export function monthLabel(month: string): string {
  const [year, index] = month.split('-').map(Number);
  if (!year || !index) return month;
  return MONTH_LABEL.format(new Date(Date.UTC(year, index - 1, 1)));
}

/** Jobs per month for every one of the last `count` months, zero where the series has none. */
export function monthlySeries(series: readonly { month: string; jobs: number }[], now: Date, count = 12) {
  const byMonth = new Map(series.map((item) => [item.month, item.jobs]));
  return lastMonths(now, count).map((month) => ({ label: monthLabel(month), value: byMonth.get(month) ?? 0 }));
}
