/// <reference lib="webworker" />
import { createEptSource, type TEptMessage, type TEptRequest } from './ept-source.ts';

/**
 * The streaming tree's worker: fetches and decodes the tree's files off the page's thread
 * (ept-source.ts) and posts each node's points with their buffers transferred, not copied.
 */

const scope = self as unknown as DedicatedWorkerGlobalScope;
const source = createEptSource((message: TEptMessage, transfer: Transferable[] = []) =>
  scope.postMessage(message, transfer),
);

scope.onmessage = (event: MessageEvent<TEptRequest>) => source.handle(event.data);
