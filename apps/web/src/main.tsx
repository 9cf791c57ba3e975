import './styles/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/app-routes.tsx';
import { holdUntilFirstInteraction } from './app/interaction-gate.ts';
import { applyDeferredStylesheets } from './lib/deferred-stylesheets.ts';
import { isPublicPagePath, normalizePathname } from './lib/page-meta.ts';

// The CSP forbids eval. zod (loaded later, with the forms) would probe `new Function` for its JIT and
// trigger a CSP violation report; jitless mode skips the probe. zod reads its config from this global.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

applyDeferredStylesheets(document);

const container = document.getElementById('root');
if (!container) throw new Error('The #root element is missing from index.html.');

/**
 * Prerendered pages mark the root with the path they were rendered for ("*" for the not-found page).
 * Hydrate only when that markup is this URL's page; otherwise (a mismatched fallback) render afresh.
 */
function canHydrate(root: HTMLElement): boolean {
  const renderedFor = root.dataset.prerenderedPath;
  if (!renderedFor || !root.hasChildNodes()) return false;
  const pathname = normalizePathname(window.location.pathname);
  return renderedFor === '*' ? !isPublicPagePath(pathname) : renderedFor === pathname;
}

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);

if (canHydrate(container)) {
  // Form pages load their code at the first interaction (decision 112); a transition lets the
  // hydration of the rest yield to the browser instead of blocking the main thread.
  holdUntilFirstInteraction(document);
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  container.replaceChildren();
  createRoot(container).render(app);
}
