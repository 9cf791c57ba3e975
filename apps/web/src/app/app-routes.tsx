import { PATHS } from '@spacecapture/shared/paths';
import { Route, Routes } from 'react-router';
import { PublicLayout } from './layouts/public-layout.tsx';
import { lazyRoute, RouteModule } from './lazy-route.tsx';

// Every page is its own chunk. Module ids are the files' paths from apps/web, as in Vite's manifest.
// The form pages (and the Mantine shell they need) load at the visitor's first interaction with a
// prerendered page: their prerendered markup works as a plain form until then (decision 112).
const AFTER_INTERACTION = { afterInteraction: true } as const;
const mantineShell = lazyRoute(
  'src/app/layouts/mantine-shell.tsx',
  () => import('./layouts/mantine-shell.tsx').then((module) => module.MantineShell),
  AFTER_INTERACTION,
);
const home = lazyRoute('src/app/routes/public/home.tsx', () =>
  import('./routes/public/home.tsx').then((module) => module.HomeRoute),
);
const about = lazyRoute('src/app/routes/public/about.tsx', () =>
  import('./routes/public/about.tsx').then((module) => module.AboutRoute),
);
const services = lazyRoute('src/app/routes/public/services.tsx', () =>
  import('./routes/public/services.tsx').then((module) => module.ServicesRoute),
);
const faq = lazyRoute('src/app/routes/public/faq.tsx', () =>
  import('./routes/public/faq.tsx').then((module) => module.FaqRoute),
);
const privacy = lazyRoute('src/app/routes/public/privacy.tsx', () =>
  import('./routes/public/privacy.tsx').then((module) => module.PrivacyRoute),
);
const terms = lazyRoute('src/app/routes/public/terms.tsx', () =>
  import('./routes/public/terms.tsx').then((module) => module.TermsRoute),
);
const contact = lazyRoute(
  'src/app/routes/public/contact.tsx',
  () => import('./routes/public/contact.tsx').then((module) => module.ContactRoute),
  AFTER_INTERACTION,
);
const request = lazyRoute(
  'src/app/routes/public/request.tsx',
  () => import('./routes/public/request.tsx').then((module) => module.RequestRoute),
  AFTER_INTERACTION,
);
const provider = lazyRoute(
  'src/app/routes/public/provider.tsx',
  () => import('./routes/public/provider.tsx').then((module) => module.ProviderRoute),
  AFTER_INTERACTION,
);
const quoteEstimator = lazyRoute(
  'src/app/routes/public/quote-estimator.tsx',
  () => import('./routes/public/quote-estimator.tsx').then((module) => module.QuoteEstimatorRoute),
  AFTER_INTERACTION,
);
const authArea = lazyRoute('src/app/routes/auth/auth-area.tsx', () =>
  import('./routes/auth/auth-area.tsx').then((module) => module.AuthArea),
);
// The three portals and /account: one lazy module with its own route table (spec 001 §2).
const portalApp = lazyRoute('src/app/portal-app.tsx', () =>
  import('./portal-app.tsx').then((module) => module.PortalApp),
);
// A share link's page (decision 137): no account, never prerendered, never in the landing bundle.
const share = lazyRoute('src/app/routes/public/share.tsx', () =>
  import('./routes/public/share.tsx').then((module) => module.ShareRoute),
);
// A share link's embed page (decision 224): the same page, framed by the sites its link lists.
const embed = lazyRoute('src/app/routes/public/embed.tsx', () =>
  import('./routes/public/embed.tsx').then((module) => module.EmbedRoute),
);
const notFound = lazyRoute('src/app/routes/public/not-found.tsx', () =>
  import('./routes/public/not-found.tsx').then((module) => module.NotFoundRoute),
);

/** The signed-in areas; the portal module resolves the page itself (`/provider` stays the public page). */
const PORTAL_ROUTE_PATTERNS = [
  '/account',
  '/admin/*',
  PATHS.customerDashboard,
  '/customer/*',
  PATHS.providerDashboard,
  '/provider/*',
] as const;

/** The route tree, rendered by BrowserRouter in the browser and StaticRouter when prerendering. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<RouteModule route={home} />} />
        <Route path={PATHS.about} element={<RouteModule route={about} />} />
        <Route path={PATHS.services} element={<RouteModule route={services} />} />
        <Route path={PATHS.faq} element={<RouteModule route={faq} />} />
        <Route path={PATHS.privacy} element={<RouteModule route={privacy} />} />
        <Route path={PATHS.terms} element={<RouteModule route={terms} />} />
        {/* Form pages use Mantine, TanStack Query and the zod contracts: one lazy shell provides them. */}
        <Route element={<RouteModule route={mantineShell} />}>
          <Route path={PATHS.contact} element={<RouteModule route={contact} />} />
          <Route path={PATHS.request} element={<RouteModule route={request} />} />
          <Route path={PATHS.provider} element={<RouteModule route={provider} />} />
          <Route path={PATHS.quoteEstimator} element={<RouteModule route={quoteEstimator} />} />
          <Route path={`${PATHS.auth}/*`} element={<RouteModule route={authArea} />} />
        </Route>
        <Route path="*" element={<RouteModule route={notFound} />} />
      </Route>
      <Route path={`${PATHS.share}/:token`} element={<RouteModule route={share} />} />
      <Route path={`${PATHS.embed}/:token`} element={<RouteModule route={embed} />} />
      {PORTAL_ROUTE_PATTERNS.map((path) => (
        <Route key={path} path={path} element={<RouteModule route={portalApp} />} />
      ))}
    </Routes>
  );
}
