import type { TReport } from '@spacecapture/shared/contracts/admin-console/reporting';
import type { TBarDatum } from '../../../components/charts/bar-chart.tsx';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-03" as "Mar 2026". */
export function formatMonth(month: string): string {
  const [year, number] = month.split('-');
  const name = MONTHS[Number(number) - 1];
  return name && year ? `${name} ${year}` : month;
}

/** A share as a whole percentage, or "—" when there was nothing to divide. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${Math.round(rate * 100)}%`;
}

export function formatHours(hours: number | null): string {
  if (hours === null) return '—';
  return hours < 10 ? `${hours.toFixed(1)} h` : `${Math.round(hours)} h`;
}

/** "in_progress" as "In progress". */
export function formatStatus(status: string): string {
  const words = status.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * Revenue per month for each currency, one series per currency over every month of the range
 * (months without an accepted quote read 0, so the bars line up with the orders chart).
 */
export function revenueSeries(report: Pick<TReport, 'ordersByMonth' | 'revenueByMonth' | 'revenueByCurrency'>) {
  const months = report.ordersByMonth.map((row) => row.month);
  const currencies = [
    ...new Set([
      ...report.revenueByCurrency.map((row) => row.currency),
      ...report.revenueByMonth.map((row) => row.currency),
    ]),
  ];
  return currencies.map((currency) => {
    const byMonth = new Map(
      report.revenueByMonth.filter((row) => row.currency === currency).map((row) => [row.month, row.total]),
    );
    const data: TBarDatum[] = months.map((month) => ({ label: formatMonth(month), value: byMonth.get(month) ?? 0 }));
    return { currency, data };
  });
}
