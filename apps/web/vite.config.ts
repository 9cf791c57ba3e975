import { existsSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { PROVIDER_APP_SHELL } from './src/lib/offline/offline-scope.ts';

const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: false } };

/**
 * react-router's build writes `Component.displayName = "…"` after each top-level component and calls
 * `forwardRef`/`createContext` without pure annotations, so every export it has (Form, NavLink,
 * ScrollRestoration and the framework-mode prefetch code behind them) stays in the entry chunk even
 * when unused. Dropping those names and marking the calls pure lets the bundler remove them.
 */
function treeShakeReactRouter(): Plugin {
  return {
    name: 'spacecapture:tree-shake-react-router',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/]lib[\\/]/ },
      handler(code) {
        return code
          .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '')
          .replace(
            /^(const|let|var) (\w+) = (React(?:\$\d+)?\.(?:forwardRef|createContext)\()/gm,
            '$1 $2 = /* @__PURE__ */ $3',
          );
      },
    },
  };
}

/**
 * `vite preview` serves what the API server serves in production: a prerendered page's own
 * `<path>/index.html`, and the unrendered shell `app.html` for any other path (portals, unknown paths).
 */
function previewPrerenderedPages(): Plugin {
  return {
    name: 'spacecapture:preview-prerendered-pages',
    configurePreviewServer(server) {
      const outDir = path.resolve(server.config.root, server.config.build.outDir);
      server.middlewares.use((req, _res, next) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return next();
        const url = new URL(req.url ?? '/', 'http://preview.local');
        if (url.pathname.startsWith('/api/') || path.extname(url.pathname)) return next();
        const page = path.join(outDir, url.pathname, 'index.html');
        req.url = `${existsSync(page) ? `${url.pathname.replace(/\/$/, '')}/index.html` : '/app.html'}${url.search}`;
        next();
      });
    },
  };
}

/**
 * The provider portal's service worker (decision 225), built from our own source with Workbox's
 * modules. It precaches the app shell and the code and styles a portal page needs, leaving out the
 * viewer's large libraries (three, pdf.js, laz-perf), which are fetched when a file is opened. The
 * page registers it from the provider portal only; the manifest is a static file of its own.
 */
const providerServiceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/service-worker',
  filename: 'provider-sw.ts',
  injectRegister: false,
  manifest: false,
  injectManifest: {
    rollupFormat: 'iife',
    globPatterns: ['index.html', 'assets/**/*.{js,mjs,css,woff2,svg}'],
    globIgnores: ['assets/three*', 'assets/pdf*', 'assets/laz-perf*', 'assets/*point-cloud*'],
    // The build's index.html is still the empty shell here (the prerender fills it afterwards and
    // keeps the shell as app.html). It is kept under a portal path, which the server answers with it.
    manifestTransforms: [
      async (entries) => ({
        manifest: entries.map((entry) => (entry.url === 'index.html' ? { ...entry, url: PROVIDER_APP_SHELL } : entry)),
        warnings: [],
      }),
    ],
  },
});

export default defineConfig({
  plugins: [react(), treeShakeReactRouter(), previewPrerenderedPages(), providerServiceWorker],
  server: { proxy: apiProxy },
  // Module workers (the viewer starts them with type "module") may split: the point-cloud worker
  // loads laz-perf in a chunk of its own, only when a LAZ file is opened (decision 160).
  worker: { format: 'es' },
  preview: { proxy: apiProxy },
  build: {
    // WEB_OUT_DIR lets a second build (a parallel test run) leave dist/ alone.
    outDir: process.env.WEB_OUT_DIR ?? 'dist',
    // The prerender script reads the manifest to link each page's own chunks and styles.
    manifest: true,
    // Every browser we target supports modulepreload; the polyfill would only add bytes to the entry.
    modulePreload: { polyfill: false },
  },
  ssr: {
    // The shared package exports TypeScript sources, which Node cannot import: bundle it.
    noExternal: ['@spacecapture/shared'],
  },
});
