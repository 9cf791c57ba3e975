import { useSyncExternalStore } from 'react';

/**
 * The colour scheme (decision 102): the system's setting until the visitor picks the other one with
 * the header's toggle; the pick is kept in this browser. One store for the public pages and for
 * Mantine's provider (`colorSchemeManager` in app-providers.tsx), which both read the scheme from
 * `data-mantine-color-scheme` on <html>. public/color-scheme.js sets that attribute before the first
 * paint with the same key and rule.
 */

export type TColorScheme = 'light' | 'dark';
/** What is kept: a scheme, or `auto` to follow the system. */
export type TColorSchemeChoice = TColorScheme | 'auto';

const STORAGE_KEY = 'spacecapture-color-scheme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

function isChoice(value: unknown): value is TColorSchemeChoice {
  return value === 'light' || value === 'dark' || value === 'auto';
}

export function readColorSchemeChoice(): TColorSchemeChoice {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEY);
    return isChoice(stored) ? stored : 'auto';
  } catch {
    // Storage refused (a private window's policy): follow the system.
    return 'auto';
  }
}

function systemColorScheme(): TColorScheme {
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

export function currentColorScheme(): TColorScheme {
  const choice = readColorSchemeChoice();
  return choice === 'auto' ? systemColorScheme() : choice;
}

function applyColorScheme() {
  document.documentElement.setAttribute('data-mantine-color-scheme', currentColorScheme());
}

const listeners = new Set<() => void>();

export function writeColorSchemeChoice(choice: TColorSchemeChoice) {
  if (choice === readColorSchemeChoice()) return;
  try {
    window.localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Not kept past this page; the scheme still changes.
  }
  applyColorScheme();
  for (const listener of listeners) listener();
}

/** Shows the other scheme; picking the system's own means following the system again. */
export function toggleColorScheme() {
  const next: TColorScheme = currentColorScheme() === 'dark' ? 'light' : 'dark';
  writeColorSchemeChoice(next === systemColorScheme() ? 'auto' : next);
}

/** Calls `listener` on a change made here, in another tab, or of the system's setting. */
export function subscribeColorScheme(listener: () => void) {
  const media = window.matchMedia(DARK_QUERY);
  const onSystemChange = () => {
    applyColorScheme();
    listener();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key !== STORAGE_KEY) return;
    applyColorScheme();
    listener();
  };
  listeners.add(listener);
  media.addEventListener('change', onSystemChange);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    media.removeEventListener('change', onSystemChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The scheme shown now; prerendered markup assumes light and corrects itself once hydrated. */
export function useColorScheme(): TColorScheme {
  return useSyncExternalStore(subscribeColorScheme, currentColorScheme, () => 'light');
}
