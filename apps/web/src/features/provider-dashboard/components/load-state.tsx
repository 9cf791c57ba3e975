import { Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { QueryError } from '../../../components/portal/query-error.tsx';

type TLoadStateProps = {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  what: string;
  children: ReactNode;
};

/** A read's loading and error states, else its content. */
export function LoadState({ query, what, children }: TLoadStateProps) {
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={`Loading ${what}`} />
      </Center>
    );
  }
  if (query.isError) return <QueryError error={query.error} onRetry={() => query.refetch()} what={what} />;
  return <>{children}</>;
}
