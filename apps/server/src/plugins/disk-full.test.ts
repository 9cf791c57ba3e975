import { describe, expect, it } from 'vitest';
import { diskFullError, isDiskFull } from './errors.ts';

describe('diskFullError', () => {
  const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

  it('answers an upload with no room 507 insufficient_storage', () => {
    const error = diskFullError(enospc, 'upload');
    expect(error?.status).toBe(507);
    expect(error?.code).toBe('insufficient_storage');
  });

  it('answers any other request with no room 503, to be retried', () => {
    const error = diskFullError(Object.assign(new Error('quota'), { code: 'EDQUOT' }), 'request');
    expect(error?.status).toBe(503);
    expect(error?.code).toBe('unavailable');
  });

  it('finds a full disk wrapped by a library, and PostgreSQL saying so (SQLSTATE 53100)', () => {
    expect(isDiskFull(new Error('Failed query', { cause: enospc }))).toBe(true);
    const postgres = Object.assign(new Error('could not extend file: No space left on device'), { code: '53100' });
    expect(isDiskFull(new Error('Failed query', { cause: postgres }))).toBe(true);
  });

  it('leaves every other error alone', () => {
    expect(diskFullError(Object.assign(new Error('gone'), { code: 'ENOENT' }), 'upload')).toBeUndefined();
    expect(diskFullError(new Error('boom'), 'request')).toBeUndefined();
    expect(isDiskFull('ENOSPC')).toBe(false);
  });
});
