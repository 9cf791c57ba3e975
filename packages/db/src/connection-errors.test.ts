import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './connection-errors.ts';

function withCode(message: string, code: string) {
  return Object.assign(new Error(message), { code });
}

describe('isDatabaseUnavailable', () => {
  it('recognises a lost or refused connection, also when wrapped', () => {
    const cases = [
      withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'),
      withCode('read ECONNRESET', 'ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('timeout exceeded when trying to connect'),
      withCode('terminating connection due to administrator command', '57P01'),
      withCode('the database system is starting up', '57P03'),
      withCode('connection failure', '08006'),
      new Error('Failed query: select 1', { cause: new Error('Connection terminated unexpectedly') }),
      new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'connect failed'),
    ];
    for (const error of cases) expect(isDatabaseUnavailable(error), error.message).toBe(true);
  });

  it('leaves errors of the statement itself alone', () => {
    const cases = [
      withCode('duplicate key value violates unique constraint', '23505'),
      withCode('canceling statement due to statement timeout', '57014'),
      new Error('Failed query: insert', { cause: withCode('syntax error', '42601') }),
      new Error('something else'),
      'Connection terminated',
      undefined,
    ];
    for (const error of cases) expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
