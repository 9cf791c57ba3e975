import { readdirSync, readFileSync } from 'node:fs';

/** Resident memory of the browser's processes, for the point-cloud benches. */

export type TProcessMemory = { pid: number; kind: string; residentBytes: number; cpuTicks: number };

/**
 * Resident memory of every process below this one (Linux /proc): Playwright starts Chromium as
 * our child, so these are the browser, renderer, GPU and utility processes; `kind` is Chromium's
 * --type (browser for the main process).
 */
export function browserProcesses(): TProcessMemory[] {
  const children = new Map<number, number[]>();
  const resident = new Map<number, number>();
  const cpu = new Map<number, number>();
  const pageSize = 4096;
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const parent = Number(fields[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
      resident.set(Number(entry), Number(fields[21]) * pageSize);
      // utime + stime, in clock ticks.
      cpu.set(Number(entry), Number(fields[11]) + Number(fields[12]));
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
    found.push({ pid, kind, residentBytes: resident.get(pid) ?? 0, cpuTicks: cpu.get(pid) ?? 0 });
    queue.push(...(children.get(pid) ?? []));
  }
  return found.filter((entry) => entry.kind !== 'other');
}

/**
 * Waits until the browser's processes are quiet: a newly launched Chromium spends its first
 * second or so building its own interface (the omnibox's WebUI renderer, about 0.8 s of CPU on this
 * machine), which on two cores would be timed as the page's. A reader's browser is already running.
 * Quiet: under 30 ms of CPU in all over 300 ms; gives up after `limitMs`.
 */
export async function waitForQuietBrowser(limitMs = 15_000) {
  const ticks = () => browserProcesses().reduce((sum, entry) => sum + entry.cpuTicks, 0);
  const started = Date.now();
  let before = ticks();
  while (Date.now() - started < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const now = ticks();
    if (now - before < 3) return;
    before = now;
  }
}
