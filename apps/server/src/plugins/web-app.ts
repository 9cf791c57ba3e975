import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { PUBLIC_PAGE_PATHS } from '@spacecapture/shared/paths';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendError } from './errors.ts';
import { allowFramingBy } from './security-headers.ts';

/**
 * Serves the built web app: prerendered public pages, the SPA shell for portal routes, hashed
 * assets cached for a year, HTML never cached; unknown paths get the not-found page with a 404.
 * Unknown `/api/*` paths always answer JSON.
 */

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const PROVIDER_SERVICE_WORKER = 'provider-sw.js';

/** Routes the SPA renders after sign-in (spec 000 §2 /auth, spec 001 §2 portals). */
export function isPortalPath(pathname: string): boolean {
  return (
    pathname === '/auth' ||
    pathname.startsWith('/auth/') ||
    pathname === '/account' ||
    pathname.startsWith('/account/') ||
    pathname === '/admin' ||
    pathname.startsWith('/admin/') ||
    pathname === '/customer-dashboard' ||
    pathname.startsWith('/customer/') ||
    pathname === '/provider-dashboard' ||
    pathname.startsWith('/provider/')
  );
}

function pathnameOf(request: FastifyRequest) {
  const pathname = request.url.split('?')[0] ?? '/';
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

const EMBED_PREFIX = '/embed/';

/** The token segment of an embed page's path, as written (a malformed escape finds no link). */
function tokenIn(pathname: string) {
  const segment = pathname.slice(EMBED_PREFIX.length).split('/')[0] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

export default fp(
  async (app: FastifyInstance, options: { distDir: string | undefined }) => {
    const distDir = options.distDir;
    const hasWebApp = distDir !== undefined && existsSync(path.join(distDir, 'app.html'));
    if (!hasWebApp) app.log.warn({ distDir }, 'web app not built; serving the API only');

    if (hasWebApp) {
      const assetsDir = path.join(distDir, 'assets');
      // File names under /assets carry a content hash, so they never change.
      await app.register(fastifyStatic, {
        root: assetsDir,
        prefix: '/assets/',
        index: false,
        cacheControl: false,
        // Every sendFile() goes through this too: only hashed assets are immutable; the other files
        // keep the Cache-Control their route set.
        setHeaders: (reply, filePath) => {
          if (filePath.startsWith(assetsDir + path.sep)) reply.header('Cache-Control', IMMUTABLE);
        },
      });
      const sendHtml = (reply: FastifyReply, file: string, status = 200) =>
        reply
          .status(status)
          .header('Cache-Control', REVALIDATE)
          .type('text/html; charset=utf-8')
          .sendFile(file, distDir, {
            cacheControl: false,
          });
      for (const pagePath of PUBLIC_PAGE_PATHS) {
        const file = pagePath === '/' ? 'index.html' : `${pagePath.slice(1)}/index.html`;
        app.get(pagePath, { schema: { hide: true } }, (_request, reply) => sendHtml(reply, file));
      }
      // color-scheme.js sets the colour scheme before the first paint (decision 102), so it cannot be a hashed module.
      for (const file of ['favicon.svg', 'favicon.ico', 'robots.txt', 'provider.webmanifest', 'color-scheme.js']) {
        if (existsSync(path.join(distDir, file))) {
          app.get(`/${file}`, { schema: { hide: true } }, (_request, reply) =>
            reply.header('Cache-Control', 'public, max-age=86400').sendFile(file, distDir),
          );
        }
      }
      // The provider portal's service worker (decision 225) is checked for a new version on every
      // visit: a day-old copy would keep precaching code the server no longer has.
      if (existsSync(path.join(distDir, PROVIDER_SERVICE_WORKER))) {
        app.get(`/${PROVIDER_SERVICE_WORKER}`, { schema: { hide: true } }, (_request, reply) =>
          reply.header('Cache-Control', REVALIDATE).sendFile(PROVIDER_SERVICE_WORKER, distDir),
        );
      }
      app.decorate('sendWebPage', sendHtml);
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = pathnameOf(request);
      if (pathname === '/api' || pathname.startsWith('/api/')) {
        return sendError(reply, 'not_found', `No API operation ${request.method} ${pathname}.`);
      }
      const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && hasWebApp;
      if (wantsPage && isPortalPath(pathname)) return app.sendWebPage(reply, 'app.html');
      // A share link's page (decision 137): the app shell, kept out of search engines.
      if (wantsPage && pathname.startsWith('/share/')) {
        return app.sendWebPage(reply.header('X-Robots-Tag', 'noindex, nofollow'), 'app.html');
      }
      // A share link's embed page (decision 224): framed only by the sites listed on its link.
      if (wantsPage && pathname.startsWith(EMBED_PREFIX)) {
        allowFramingBy(reply, await app.services.shareLinks.embedOriginsOf(tokenIn(pathname)));
        return app.sendWebPage(reply.header('X-Robots-Tag', 'noindex, nofollow'), 'app.html');
      }
      // The caller's mistake, not the server's: info, so error alerts stay about real failures.
      request.log.info(
        { path: app.secretUrls.redact(pathname) },
        '404 Error: User attempted to access non-existent route',
      );
      if (wantsPage) return app.sendWebPage(reply, '404.html', 404);
      return sendError(reply, 'not_found', 'Not found.');
    });
  },
  { name: 'web-app' },
);

declare module 'fastify' {
  // biome-ignore lint/style/useConsistentTypeDefinitions: module augmentation needs an interface
  interface FastifyInstance {
    sendWebPage(reply: FastifyReply, file: string, status?: number): FastifyReply;
  }
}
