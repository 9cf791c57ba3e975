import { Text } from '@mantine/core';
import type { TPointTree } from '@spacecapture/shared/contracts/point-trees';

/**
 * A point cloud's streaming tree beside its file name (decision 226): "Preparing for streaming:
 * 40 %" while it is built; for the provider, why none could be made. Nothing once it is ready or
 * for a kind that has none: the file reads as any other. The original is the download throughout.
 */
export function PointTreeStatus({ tree, showFailure }: { tree: TPointTree; showFailure: boolean }) {
  if (tree.state === 'pending' || tree.state === 'converting') {
    return (
      <Text span size="xs" c="dimmed" role="status">
        Preparing for streaming: {tree.percent} %
      </Text>
    );
  }
  if (tree.state === 'failed' && showFailure) {
    return (
      <Text span size="xs" c="light-dark(var(--mantine-color-red-9), var(--mantine-color-red-3))">
        Not prepared for streaming: {tree.error ?? 'the file could not be read.'}
      </Text>
    );
  }
  return null;
}
