import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoading } from '../../components/layout/page-loading.tsx';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { applyPageMeta, findPageMeta, NOT_FOUND_META } from '../../lib/page-meta.ts';

/** Header, footer and a Suspense boundary around the lazily loaded page. */
export function PublicLayout() {
  const { pathname, hash } = useLocation();
  const firstRender = useRef(true);

  useEffect(() => {
    // The sign-in pages (/auth/*) set their own title.
    if (pathname !== '/auth' && !pathname.startsWith('/auth/')) applyPageMeta(findPageMeta(pathname) ?? NOT_FOUND_META);
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (!hash) window.scrollTo(0, 0);
  }, [pathname, hash]);

  return (
    <PageShell>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </PageShell>
  );
}
