import { clearQueuedActions } from './offline-queue.ts';
import { OFFLINE_API_CACHE } from './offline-scope.ts';

/**
 * Signing out leaves nothing of the user's on the device (decision 225): the API answers kept for
 * reading offline and the actions still waiting for signal.
 */
export async function clearOfflineData(): Promise<void> {
  await Promise.all([
    typeof caches === 'undefined' ? undefined : caches.delete(OFFLINE_API_CACHE),
    clearQueuedActions(),
  ]);
}
