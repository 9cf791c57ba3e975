/// <reference lib="webworker" />
import { createFileHashing, type THashAnswer, type THashRequest } from './file-hashing.ts';

/** Hashes an upload's pieces off the page's thread, so a many-GB file never freezes the page. */

const scope = self as unknown as DedicatedWorkerGlobalScope;
let hashing: ReturnType<typeof createFileHashing> | null = null;
// One piece at a time, in the order asked: the whole file's hash is fed in order.
let queue: Promise<void> = Promise.resolve();

scope.onmessage = (event: MessageEvent<THashRequest>) => {
  const request = event.data;
  if ('file' in request) {
    hashing = createFileHashing(request.file);
    return;
  }
  queue = queue.then(async () => {
    const answer: THashAnswer = { id: request.id };
    try {
      if (!hashing) throw new Error('No file to hash.');
      answer.digests = await hashing.piece(request.start, request.end);
    } catch (error) {
      answer.error = error instanceof Error ? error.message : 'The file could not be read.';
    }
    scope.postMessage(answer);
  });
};
