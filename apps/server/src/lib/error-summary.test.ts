import { describe, expect, it } from 'vitest';
import { summarizeError } from './error-summary.ts';

describe('summarizeError', () => {
  it('gives the innermost message of a wrapped error, on one line', () => {
    const driver = new Error('database "shop" does not exist');
    const wrapped = new Error('Failed query: select 1\nparams: ', { cause: driver });
    expect(summarizeError(wrapped)).toBe('database "shop" does not exist');
  });

  it('reads the first error of an AggregateError that has no message of its own', () => {
    const aggregate = new AggregateError([new Error('connect ECONNREFUSED ::1:5432'), new Error('other')], '');
    expect(summarizeError(aggregate)).toBe('connect ECONNREFUSED ::1:5432');
  });

  it('falls back to the code, then to the value itself, and cuts a long message', () => {
    expect(summarizeError(Object.assign(new Error(''), { code: 'ECONNRESET' }))).toBe('ECONNRESET');
    expect(summarizeError('plain text')).toBe('plain text');
    expect(summarizeError(new Error('x'.repeat(500)), 20)).toHaveLength(20);
  });
});
