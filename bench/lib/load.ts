import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { TLoadJob, TTargetResult } from './load-client.ts';

export type { TLoadJob, TLoadTarget, TSample, TTargetResult } from './load-client.ts';

/** Runs a load job in a child process (its own event loop and core) and returns its samples. */
export function runLoad(job: TLoadJob): Promise<TTargetResult[]> {
  const child = fork(fileURLToPath(new URL('./load-client.ts', import.meta.url)), {
    // The child must load TypeScript as this process does.
    execArgv: ['--import', import.meta.resolve('tsx')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    let settled = false;
    child.once('message', (message: { results?: TTargetResult[]; error?: string }) => {
      settled = true;
      if (message.results) resolve(message.results);
      else reject(new Error(`load generator failed: ${message.error}`));
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!settled) reject(new Error(`load generator exited with code ${code} before answering`));
    });
    child.send(job);
  });
}
