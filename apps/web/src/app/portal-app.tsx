import { PRODUCT_NAME } from '@spacecapture/shared/paths';
import {
  matchDeliverableViewerPath,
  matchPropertyPath,
  matchProviderJobPath,
  PORTAL_PATHS,
} from '@spacecapture/shared/portal-paths';
import type { TPortal } from '@spacecapture/shared/roles';
import { type ComponentType, type LazyExoticComponent, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { PageShell } from '../components/layout/page-shell.tsx';
import { PortalShell } from '../components/portal/portal-shell.tsx';
import { SessionLoading } from '../components/portal/session-loading.tsx';
import { ProviderFieldKit } from '../features/field-kit/components/provider-field-kit.tsx';
import { NotificationBell } from '../features/notifications/components/notification-bell.tsx';
import { PORTAL_TITLES } from '../lib/auth/roles-text.ts';
import { applyPageMeta, NOT_FOUND_META, normalizePathname } from '../lib/page-meta.ts';
import { RequirePortal } from './guards/require-portal.tsx';
import {
  ACCOUNT_PAGE,
  DELIVERABLE_PAGE,
  PORTAL_PAGES,
  PROPERTY_PAGE,
  PROVIDER_JOB_PAGE,
  portalOfPath,
  type TPortalPage,
} from './portal-routes.tsx';
import { AppProviders } from './providers/app-providers.tsx';
import { NotFoundRoute } from './routes/public/not-found.tsx';

type TFrameProps = {
  portal: TPortal;
  role: string;
  email: string;
  label: string;
  Component: LazyExoticComponent<ComponentType>;
};

/** The portal's shell around one page, with the document title kept in step. */
function PortalFrame({ portal, role, email, label, Component }: TFrameProps) {
  const title = PORTAL_TITLES[portal];
  useEffect(() => {
    document.title = `${label} | ${title} | ${PRODUCT_NAME}`;
  }, [label, title]);
  return (
    <PortalShell
      title={title}
      items={PORTAL_PAGES[portal].filter((item) => isPageFor(item, role))}
      userEmail={email}
      headerExtra={<NotificationBell />}
    >
      {portal === 'provider' ? <ProviderFieldKit /> : null}
      <Suspense fallback={<SessionLoading />}>
        <Component />
      </Suspense>
    </PortalShell>
  );
}

/** Whether a role of the portal may open the page (most pages are for every role of their portal). */
function isPageFor(page: TPortalPage, role: string) {
  return !page.roles || page.roles.some((allowed) => allowed === role);
}

/** An unknown path under a portal prefix: the public not-found page. */
function PortalNotFound() {
  useEffect(() => applyPageMeta(NOT_FOUND_META), []);
  return (
    <PageShell>
      <NotFoundRoute />
    </PageShell>
  );
}

/**
 * The signed-in areas: the route tables of spec 001 §2 (one page per path, the same tables draw
 * the sidebars), each behind its portal's guard, and /account in the user's own portal.
 */
function PortalRouter() {
  const pathname = normalizePathname(useLocation().pathname);
  if (pathname === PORTAL_PATHS.account) {
    return (
      <RequirePortal portal="any">
        {(profile) => (
          <PortalFrame
            portal={profile.portal}
            role={profile.role}
            email={profile.user.email}
            label={ACCOUNT_PAGE.label}
            Component={ACCOUNT_PAGE.Component}
          />
        )}
      </RequirePortal>
    );
  }
  const viewer = matchDeliverableViewerPath(pathname);
  if (viewer) {
    return (
      <RequirePortal portal={viewer.portal}>
        {(profile) => (
          <PortalFrame
            portal={viewer.portal}
            role={profile.role}
            email={profile.user.email}
            label={DELIVERABLE_PAGE.label}
            Component={DELIVERABLE_PAGE.Component}
          />
        )}
      </RequirePortal>
    );
  }
  if (matchProviderJobPath(pathname)) {
    return (
      <RequirePortal portal="provider">
        {(profile) => (
          <PortalFrame
            portal="provider"
            role={profile.role}
            email={profile.user.email}
            label={PROVIDER_JOB_PAGE.label}
            Component={PROVIDER_JOB_PAGE.Component}
          />
        )}
      </RequirePortal>
    );
  }
  if (matchPropertyPath(pathname)) {
    return (
      <RequirePortal portal="customer">
        {(profile) => (
          <PortalFrame
            portal="customer"
            role={profile.role}
            email={profile.user.email}
            label={PROPERTY_PAGE.label}
            Component={PROPERTY_PAGE.Component}
          />
        )}
      </RequirePortal>
    );
  }
  const portal = portalOfPath(pathname);
  const page = portal ? PORTAL_PAGES[portal].find((candidate) => candidate.path === pathname) : undefined;
  if (!portal || !page) return <PortalNotFound />;
  return (
    <RequirePortal portal={portal}>
      {(profile) =>
        isPageFor(page, profile.role) ? (
          <PortalFrame
            portal={portal}
            role={profile.role}
            email={profile.user.email}
            label={page.label}
            Component={page.Component}
          />
        ) : (
          <PortalNotFound />
        )
      }
    </RequirePortal>
  );
}

export function PortalApp() {
  return (
    <AppProviders>
      <PortalRouter />
    </AppProviders>
  );
}
