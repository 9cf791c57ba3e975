import type { TEptMessage, TEptRequest } from './ept-source.ts';

/**
 * Starts a tree's worker before the viewer's chunk has loaded (decision 245): the page that knows
 * a file has a ready tree calls `prestartTree` as it renders, so ept.json, the hierarchy and the
 * root node are fetched and decoded while three.js and the viewer are still loading; the viewer
 * then takes the worker over with what it has already said. Small and free of three.js, so the
 * page that calls it does not grow. One tree at a time; one not taken soon is stopped.
 */

type TStarted = {
  key: string;
  worker: Worker;
  said: TEptMessage[];
  expiry: ReturnType<typeof setTimeout>;
};

/** A viewer that has not taken its tree by then is not coming (the reader left the page). */
const UNTAKEN_MS = 30_000;

let started: TStarted | null = null;

const keyOf = (treeUrl: string, fileUrl: string) =>
  `${new URL(treeUrl, window.location.href).href} ${new URL(fileUrl, window.location.href).href}`;

function startWorker(treeUrl: string, fileUrl: string, fileName: string) {
  performance.mark('point-cloud:worker-start');
  const worker = new Worker(new URL('./ept-worker.ts', import.meta.url), { type: 'module' });
  const open: TEptRequest = {
    type: 'open',
    // The worker resolves relative links against its own script's address: absolute ones.
    treeUrl: new URL(treeUrl, window.location.href).href,
    fileUrl: new URL(fileUrl, window.location.href).href,
    fileName,
  };
  worker.postMessage(open);
  return worker;
}

export function prestartTree(treeUrl: string, fileUrl: string, fileName: string) {
  const key = keyOf(treeUrl, fileUrl);
  if (started?.key === key) return;
  if (started) {
    clearTimeout(started.expiry);
    started.worker.terminate();
  }
  const worker = startWorker(treeUrl, fileUrl, fileName);
  const said: TEptMessage[] = [];
  worker.onmessage = (event: MessageEvent<TEptMessage>) => said.push(event.data);
  const entry: TStarted = {
    key,
    worker,
    said,
    expiry: setTimeout(() => {
      if (started !== entry) return;
      worker.terminate();
      started = null;
    }, UNTAKEN_MS),
  };
  started = entry;
  // three.js and the scene load meanwhile, in their own chunk.
  void import('../lib/point-cloud-scene.ts').catch(() => undefined);
}

/** The tree's worker, started early if it was, with what it has said so far; else a new one. */
export function takeTreeWorker(
  treeUrl: string,
  fileUrl: string,
  fileName: string,
): { worker: Worker; said: TEptMessage[] } {
  if (started?.key === keyOf(treeUrl, fileUrl)) {
    const { worker, said, expiry } = started;
    clearTimeout(expiry);
    started = null;
    return { worker, said };
  }
  return { worker: startWorker(treeUrl, fileUrl, fileName), said: [] };
}
