import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoading } from '../../components/layout/page-loading.tsx';
import { PageShell } from '../../components/layout/page-shell.tsx';
import { applyPageMeta, isPublicPagePath, NOT_FOUND_META } from '../../lib/page-meta.ts';

/** Header, footer and a Suspense boundary around the lazily loaded page. */
export function PublicLayout() {
  const { pathname, hash } = useLocation();
  const firstRender = useRef(true);

  useEffect(() => {
    let current = true;
    // The sign-in pages (/auth/*) set their own title. The pages' texts are a chunk of their own,
    // kept out of the landing page's first script.
    if (!isPublicPagePath(pathname)) {
      if (pathname !== '/auth' && !pathname.startsWith('/auth/')) applyPageMeta(NOT_FOUND_META);
    } else {
      void import('../../lib/public-page-meta.ts').then(({ findPageMeta }) => {
        if (current) applyPageMeta(findPageMeta(pathname) ?? NOT_FOUND_META);
      });
    }
    if (firstRender.current) {
      firstRender.current = false;
    } else if (!hash) {
      window.scrollTo(0, 0);
    }
    return () => {
      current = false;
    };
  }, [pathname, hash]);

  return (
    <PageShell>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </PageShell>
  );
}
