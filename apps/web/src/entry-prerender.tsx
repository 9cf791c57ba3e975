import { PassThrough } from 'node:stream';
import { PUBLIC_PAGES } from '@spacecapture/shared/public-pages';
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/app-routes.tsx';
import { RenderedModulesContext, type TRenderedModules } from './app/lazy-route.tsx';
import { NOT_FOUND_META, type TPageMeta } from './lib/page-meta.ts';
import { findPageMeta } from './lib/public-page-meta.ts';

export type TPrerenderPage = TPageMeta & { path: string };

/** The pages written at build time: every public page, plus the not-found page as 404.html. */
export const PRERENDER_PAGES: readonly TPrerenderPage[] = PUBLIC_PAGES.map((page) => {
  const meta = findPageMeta(page.path);
  if (!meta) throw new Error(`No page meta for ${page.path}`);
  return { path: page.path, ...meta };
});
export const NOT_FOUND_PAGE: TPrerenderPage = { path: '/404', ...NOT_FOUND_META };

/** The page's markup, the route modules it rendered and those of them loaded at the first interaction. */
export type TRenderResult = { html: string; modules: string[]; afterInteraction: string[] };

/** Renders a URL to HTML once every lazy route has loaded (react-dom/static waits for Suspense). */
export async function render(url: string): Promise<TRenderResult> {
  const rendered: TRenderedModules = { modules: new Set(), afterInteraction: new Set() };
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <RenderedModulesContext value={rendered}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </RenderedModulesContext>
    </StrictMode>,
    {
      // Never outline large boundaries: that would need React's inline scripts, which the CSP forbids.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        errors.push(error);
      },
    },
  );
  if (errors.length > 0) throw errors[0];
  const chunks: Buffer[] = [];
  for await (const chunk of prelude.pipe(new PassThrough())) chunks.push(Buffer.from(chunk as Uint8Array));
  return {
    html: Buffer.concat(chunks).toString('utf8'),
    modules: [...rendered.modules],
    afterInteraction: [...rendered.afterInteraction],
  };
}
