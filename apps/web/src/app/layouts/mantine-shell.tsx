import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../../components/layout/page-loading.tsx';
import { AppProviders } from '../providers/app-providers.tsx';

/**
 * Providers for public pages built with Mantine (forms, /auth). Lazy, so the landing page never
 * loads Mantine, TanStack Query or their styles.
 */
export function MantineShell() {
  return (
    <AppProviders>
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </AppProviders>
  );
}
