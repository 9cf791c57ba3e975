import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  countRows,
  expectErrorShape,
  listFiles,
  multipartBody,
  PDF_BYTES,
  providerApplicationInput,
} from '../../test/public-forms.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';

/** A write refused by a full disk, as Node reports it. */
function diskFull(code: 'ENOSPC' | 'EDQUOT', syscall: string) {
  const message = code === 'ENOSPC' ? 'no space left on device' : 'disk quota exceeded';
  return Object.assign(new Error(`${code}: ${message}, ${syscall}`), { code, syscall, errno: -28 });
}

describe('a full disk under a public form', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  for (const code of ['ENOSPC', 'EDQUOT'] as const) {
    it(`answers a provider application whose portfolio cannot be stored (${code}) 503 with Retry-After, storing nothing`, async () => {
      const before = await countRows(t.db);
      // The file store is the boundary: its write into the store fails as a full disk makes it fail.
      const adopt = vi.spyOn(t.app.files, 'adopt').mockRejectedValueOnce(diskFull(code, 'rename'));
      try {
        const body = await multipartBody(providerApplicationInput(), { name: 'portfolio.pdf', bytes: PDF_BYTES });
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/public/provider-applications',
          payload: body.payload,
          headers: body.headers,
        });
        expect(adopt).toHaveBeenCalledOnce();
        expect(response.statusCode).toBe(503);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expectErrorShape(response.json(), 'unavailable');
        expect(response.json().error.message).toBe('The server is out of storage space. Please try again later.');
      } finally {
        adopt.mockRestore();
      }
      expect(await countRows(t.db)).toEqual(before);
      // Nothing entered the store, and the received copy left the temp folder too.
      expect(await listFiles(t.dataDir)).toEqual([]);
    });
  }
});
