import { vi } from 'vitest';

/**
 * Waits for a state: retries `check` until it passes, and fails with its last error if it never
 * does within the bound (generous, for a loaded CI machine; passing checks return at once).
 */
export function eventually(check: () => Promise<void>, timeoutMs = 20_000) {
  return vi.waitFor(check, { timeout: timeoutMs, interval: 20 });
}
