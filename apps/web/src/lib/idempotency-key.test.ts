import { describe, expect, it } from 'vitest';
import { createIdempotencyKey } from './idempotency-key.ts';

describe('createIdempotencyKey', () => {
  it('creates distinct UUID v4 strings', () => {
    const first = createIdempotencyKey();
    const second = createIdempotencyKey();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(first).not.toBe(second);
  });
});
