import { type AnyColumn, lt, type SQL } from 'drizzle-orm';

/**
 * Rows whose time in `column` has come by `now`, as read from the app's clock. A queued row's
 * time is often the database's now() at its insert, which counts microseconds; the app's clock
 * counts whole milliseconds. So a row stored in the very millisecond the clock then reads is due:
 * compared as is, it would lie up to 0.999 ms ahead and wait for the next pass.
 */
export function dueBy(column: AnyColumn, now: Date): SQL {
  return lt(column, new Date(now.getTime() + 1));
}
