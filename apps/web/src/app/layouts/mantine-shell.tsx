import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { PageLoading } from '../../components/layout/page-loading.tsx';
import { createQueryClient } from '../../lib/query-client.ts';
import { mantineTheme } from '../providers/mantine-theme.ts';

/**
 * Providers for pages built with Mantine (forms, and later the portals). Lazy, so the landing page
 * never loads Mantine, TanStack Query or their styles. The colour scheme is fixed: no inline script.
 */
export function MantineShell() {
  const [queryClient] = useState(createQueryClient);
  return (
    <MantineProvider theme={mantineTheme} defaultColorScheme="light" forceColorScheme="light">
      <Notifications limit={1} position="top-right" zIndex={1000} />
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </QueryClientProvider>
    </MantineProvider>
  );
}
