import { Paper, Stack, Text } from '@mantine/core';

/**
 * What shows instead of a viewer: never a blank box. The file's facts and Download stay above it.
 */
export function ViewerFallback({ reason }: { reason: string }) {
  return (
    <Paper withBorder radius="md" p="xl" data-viewer-state="fallback">
      <Stack gap={4} align="center">
        <Text fw={600}>No preview</Text>
        <Text size="sm" c="dimmed" ta="center">
          {reason} Use Download to open the file on your computer.
        </Text>
      </Stack>
    </Paper>
  );
}
