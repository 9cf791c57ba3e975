/// <reference lib="webworker" />
import { streamCloud, type TWorkerMessage, type TWorkerRequest } from './stream-cloud.ts';

/**
 * The viewer's worker: reads and decodes the point file off the page's thread (stream-cloud.ts)
 * and posts each batch with its buffers transferred rather than copied.
 */

const scope = self as unknown as DedicatedWorkerGlobalScope;

function post(message: TWorkerMessage) {
  const transfer: Transferable[] = [];
  if (message.type === 'points') {
    transfer.push(message.positions.buffer as ArrayBuffer);
    if (message.colors) transfer.push(message.colors.buffer as ArrayBuffer);
  }
  scope.postMessage(message, transfer);
}

scope.onmessage = (event: MessageEvent<TWorkerRequest>) => {
  if (event.data.type !== 'open') return;
  streamCloud(event.data, post).catch((error: unknown) => {
    post({ type: 'error', message: error instanceof Error ? error.message : 'The point cloud could not be read.' });
  });
};
