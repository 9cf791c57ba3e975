import { Button, Group } from '@mantine/core';

type TLoadMoreProps = {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
};

/** The next page of a keyset-paginated list, appended below the rows already shown. */
export function LoadMore({ query }: TLoadMoreProps) {
  if (!query.hasNextPage) return null;
  return (
    <Group justify="center">
      <Button variant="default" onClick={() => query.fetchNextPage()} loading={query.isFetchingNextPage}>
        Load more
      </Button>
    </Group>
  );
}
