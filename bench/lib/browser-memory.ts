import { readdirSync, readFileSync } from 'node:fs';

/** Resident memory of the browser's processes, for the point-cloud benches. */

export type TProcessMemory = { pid: number; kind: string; residentBytes: number };

/**
 * Resident memory of every process below this one (Linux /proc): Playwright starts Chromium as
 * our child, so these are the browser, renderer, GPU and utility processes; `kind` is Chromium's
 * --type (browser for the main process).
 */
export function browserProcesses(): TProcessMemory[] {
  const children = new Map<number, number[]>();
  const resident = new Map<number, number>();
  const pageSize = 4096;
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const parent = Number(fields[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
      resident.set(Number(entry), Number(fields[21]) * pageSize);
    } catch {
      // The process ended while we looked.
    }
  }
  const found: TProcessMemory[] = [];
  const queue = [...(children.get(process.pid) ?? [])];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    let kind = 'other';
    try {
      const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (commandLine.includes('chrom')) kind = /--type=([\w-]+)/.exec(commandLine)?.[1] ?? 'browser';
    } catch {
      // Gone.
    }
    found.push({ pid, kind, residentBytes: resident.get(pid) ?? 0 });
    queue.push(...(children.get(pid) ?? []));
  }
  return found.filter((entry) => entry.kind !== 'other');
}
