import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { type MantineColorSchemeManager, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { readColorSchemeChoice, subscribeColorScheme, writeColorSchemeChoice } from '../../lib/color-scheme.ts';
import { getQueryClient } from '../../lib/query-client.ts';
import styles from './app-providers.module.css';
import { cssVariablesResolver, mantineTheme } from './mantine-theme.ts';

/** Mantine keeps its scheme in the one colour-scheme store of the public pages (decision 102). */
let unsubscribe = () => {};
const colorSchemeManager: MantineColorSchemeManager = {
  get: readColorSchemeChoice,
  set: writeColorSchemeChoice,
  subscribe: (onUpdate) => {
    unsubscribe = subscribeColorScheme(() => onUpdate(readColorSchemeChoice()));
  },
  unsubscribe: () => unsubscribe(),
  clear: () => writeColorSchemeChoice('auto'),
};

/**
 * Mantine (the system's colour scheme or the visitor's pick), toasts (up to three stacked, newest last, so a new
 * one never waits behind an older one: decision 097) and
 * TanStack Query. Only lazy modules import this, so the landing page never loads any of them.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={mantineTheme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <Notifications limit={1} position="top-right" zIndex={1000} className={styles.notifications} />
      <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
