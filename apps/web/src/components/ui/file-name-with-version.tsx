import { Badge, Group, Text } from '@mantine/core';

/**
 * A deliverable's name with its version once revised, and "Superseded" when a later version
 * exists (decision 134): two uploads of one name never read as two identical rows.
 */
export function FileNameWithVersion({
  fileName,
  version,
  superseded,
}: {
  fileName: string;
  version: number;
  superseded: boolean;
}) {
  return (
    <Group gap={6} wrap="wrap">
      <span>{fileName}</span>
      {version > 1 || superseded ? (
        <Text span size="xs" c="dimmed">
          Version {version}
        </Text>
      ) : null}
      {superseded ? (
        <Badge color="gray" variant="light" radius="sm" size="sm">
          Superseded
        </Badge>
      ) : null}
    </Group>
  );
}
