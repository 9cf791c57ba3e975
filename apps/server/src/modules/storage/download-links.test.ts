import { describe, expect, it } from 'vitest';
import { createLinkSigner, parseRange } from './download-links.ts';

const ID = '0b6f4a4e-8a8e-4c43-9d2e-2d0a7a4f3c11';

describe('parseRange', () => {
  it('reads one bytes range, clamped to the file', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-5', 100)).toEqual({ start: 95, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
  });

  it('calls anything else unsatisfiable', () => {
    for (const header of ['bytes=100-', 'bytes=20-10', 'bytes=-', 'bytes=-0', 'items=1-2', 'bytes=1-2,4-5']) {
      expect(parseRange(header, 100), header).toBe('unsatisfiable');
    }
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
  });
});

describe('link signer', () => {
  const signer = createLinkSigner('secret');

  it('verifies its own token for the same file and refuses another key or secret', () => {
    const token = signer.sign(ID, 'deliverables/a.bin', 1_800_000_000);
    const claims = signer.read(token);
    expect(claims).toMatchObject({ deliverableId: ID, expiresAt: 1_800_000_000 });
    expect(signer.verify(claims!, 'deliverables/a.bin')).toBe(true);
    expect(signer.verify(claims!, 'deliverables/b.bin')).toBe(false);
    expect(createLinkSigner('other').verify(claims!, 'deliverables/a.bin')).toBe(false);
  });

  it('does not read tokens of another shape', () => {
    expect(signer.read('nonsense')).toBeNull();
    expect(signer.read(`${ID}.123`)).toBeNull();
  });
});
