import { Center, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { QueryError } from './query-error.tsx';

type TListStateProps = {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  count: number;
  what: string;
  empty: ReactNode;
  children: ReactNode;
};

/** A list's loading, error and empty states, else the list itself. */
export function ListState({ query, count, what, empty, children }: TListStateProps) {
  return (
    <RecordState query={query} what={what}>
      {count === 0 ? (
        <Text c="dimmed" py="lg" ta="center">
          {empty}
        </Text>
      ) : (
        children
      )}
    </RecordState>
  );
}

type TRecordStateProps<T> = {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown; data?: T | undefined };
  /** What is loading, for the loader's label and the error ("the order"). */
  what: string;
  /** The content, or a function of the loaded data. */
  children: ReactNode | ((data: T) => ReactNode);
};

/** One read's loading and error states, else its content (detail views, panels). */
export function RecordState<T>({ query, what, children }: TRecordStateProps<T>) {
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={`Loading ${what}`} />
      </Center>
    );
  }
  if (query.isError) return <QueryError error={query.error} onRetry={() => query.refetch()} what={what} />;
  return <>{typeof children === 'function' ? children(query.data as T) : children}</>;
}
