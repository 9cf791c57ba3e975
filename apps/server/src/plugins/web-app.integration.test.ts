import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';

/** Serving the built web app: a small stand-in build in the test's data folder. */
describe('web app serving', () => {
  let t: TTestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(os.tmpdir(), 'spacecapture-web-'));
    await mkdir(path.join(dist, 'assets'), { recursive: true });
    await mkdir(path.join(dist, 'about'), { recursive: true });
    await writeFile(path.join(dist, 'index.html'), '<html><body>landing</body></html>');
    await writeFile(path.join(dist, 'about', 'index.html'), '<html><body>about page</body></html>');
    await writeFile(path.join(dist, 'app.html'), '<html><body>spa shell</body></html>');
    await writeFile(path.join(dist, '404.html'), '<html><body>Oops! Page not found</body></html>');
    await writeFile(path.join(dist, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))})`);
    await writeFile(path.join(dist, 'provider-sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(path.join(dist, 'provider.webmanifest'), '{"name":"Provider Portal","scope":"/provider"}');
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  it('serves prerendered public pages, never cached without revalidation', async () => {
    for (const [url, text] of [
      ['/', 'landing'],
      ['/about', 'about page'],
      ['/about/', 'about page'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain(text);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toContain('text/html');
    }
  });

  it("serves the provider portal's service worker revalidated on every visit, and its manifest", async () => {
    const worker = await t.app.inject({ method: 'GET', url: '/provider-sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.body).toContain('addEventListener');
    const manifest = await t.app.inject({ method: 'GET', url: '/provider.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(JSON.parse(manifest.body)).toMatchObject({ scope: '/provider' });
    expect(manifest.headers['cache-control']).toBe('public, max-age=86400');
  });

  it('caches hashed assets for a year as immutable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses text answers for clients that accept it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.rawPayload.length).toBeLessThan(1000);
  });

  it('serves the SPA shell for portal routes', async () => {
    for (const url of [
      '/auth?intent=admin',
      '/admin',
      '/admin/triage',
      '/customer-dashboard',
      '/customer/orders',
      '/provider/uploads',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('spa shell');
    }
  });

  it('answers an unknown page with the not-found page and status 404, and an unknown API path with JSON', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('Oops! Page not found');
    expect(page.headers['cache-control']).toBe('no-cache');
    const api = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: { code: 'not_found', message: 'No API operation GET /api/no/such/thing.' } });
  });
});
