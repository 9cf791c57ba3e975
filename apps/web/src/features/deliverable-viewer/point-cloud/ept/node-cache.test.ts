import { describe, expect, it } from 'vitest';
import { NodeCache } from './node-cache.ts';

const node = (bytes: number) => new Uint8Array(bytes);

describe('NodeCache', () => {
  it('keeps nodes up to its bytes and lets the least recently used go first', () => {
    const cache = new NodeCache<Uint8Array>(100, (value) => value.byteLength);
    cache.put('a', node(40));
    cache.put('b', node(40));
    // Touching a makes b the oldest.
    cache.put('a', cache.take('a')!);
    cache.put('c', node(40));
    expect(cache.has('a')).toBe(true);
    expect(cache.has('b')).toBe(false);
    expect(cache.has('c')).toBe(true);
    expect(cache.bytes).toBe(80);
  });

  it('hands a node back once, and never keeps one larger than itself', () => {
    const cache = new NodeCache<Uint8Array>(100, (value) => value.byteLength);
    cache.put('a', node(30));
    expect(cache.take('a')?.byteLength).toBe(30);
    expect(cache.take('a')).toBeUndefined();
    cache.put('huge', node(101));
    expect(cache.has('huge')).toBe(false);
    expect(cache.bytes).toBe(0);
  });
});
