import { writeFileSync } from 'node:fs';

/** One measured figure; `status` says whether it meets its goal ('' when it has none). */
export type TFigure = {
  name: string;
  value: number | string | null;
  unit?: string;
  goal?: string;
  status?: '' | 'ok' | 'MISSED' | 'MISSED (limit)';
};

/** What each bench hands to scripts/bench.mjs (through BENCH_RESULT_FILE) for the summary. */
export type TBenchResult = {
  bench: string;
  title: string;
  figures: TFigure[];
  notes: string[];
  details: unknown;
};

export function goal(met: boolean): 'ok' | 'MISSED' {
  return met ? 'ok' : 'MISSED';
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export function formatValue(figure: TFigure): string {
  if (figure.value === null) return '—';
  return figure.unit ? `${figure.value} ${figure.unit}` : String(figure.value);
}

/** A plain-text table: columns padded to their widest cell. */
export function table(headers: string[], rows: string[][]): string {
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

export function figuresTable(figures: TFigure[]): string {
  return table(
    ['figure', 'value', 'goal', 'status'],
    figures.map((figure) => [figure.name, formatValue(figure), figure.goal ?? '', figure.status ?? '']),
  );
}

/**
 * Prints the result and, when run by scripts/bench.mjs, writes it where the runner collects it.
 * Each bench runs as its own process, so it exits here instead of waiting on stray handles
 * (database pools, keep-alive sockets) to drain.
 */
export function finish(result: TBenchResult): never {
  console.info(`\n${result.title}\n${figuresTable(result.figures)}`);
  for (const note of result.notes) console.info(`note: ${note}`);
  const file = process.env.BENCH_RESULT_FILE;
  if (file) writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  process.exit(0);
}

/** Runs a bench's main function; a crash prints the error and exits non-zero. */
export async function runBench(main: () => Promise<TBenchResult>): Promise<void> {
  let result: TBenchResult;
  try {
    result = await main();
  } catch (error) {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  }
  finish(result);
}
