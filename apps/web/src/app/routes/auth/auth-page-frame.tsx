import { Paper } from '@mantine/core';
import type { ReactNode } from 'react';

/** The light band the sign-in pages sit in, inside the public chrome. */
export function AuthPageFrame({ children, card = false }: { children: ReactNode; card?: boolean }) {
  return (
    <div style={{ background: 'var(--color-surface)', padding: '48px 16px 72px', flex: 1 }}>
      {card ? (
        <Paper withBorder radius="lg" shadow="sm" p={{ base: 'lg', sm: 'xl' }} maw={460} mx="auto">
          {children}
        </Paper>
      ) : (
        children
      )}
    </div>
  );
}
