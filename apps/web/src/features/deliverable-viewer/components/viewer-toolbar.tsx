import { Button, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type TPickMode = 'look' | 'measure' | 'pin';

/** The tools over a 3D or panorama view: its own buttons, then Measure / Pin a comment when offered. */
export function ViewerToolbar({
  mode,
  onMode,
  canMeasure,
  canPin,
  status,
  children,
}: {
  mode: TPickMode;
  onMode: (mode: TPickMode) => void;
  canMeasure: boolean;
  canPin: boolean;
  status: ReactNode;
  children?: ReactNode;
}) {
  const toggle = (next: TPickMode) => onMode(mode === next ? 'look' : next);
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Group gap="xs">
        {children}
        {canMeasure ? (
          <Button
            size="xs"
            variant={mode === 'measure' ? 'filled' : 'light'}
            aria-pressed={mode === 'measure'}
            onClick={() => toggle('measure')}
          >
            Measure
          </Button>
        ) : null}
        {canPin ? (
          <Button
            size="xs"
            variant={mode === 'pin' ? 'filled' : 'light'}
            aria-pressed={mode === 'pin'}
            onClick={() => toggle('pin')}
          >
            Pin a comment
          </Button>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {status}
      </Text>
    </Group>
  );
}
