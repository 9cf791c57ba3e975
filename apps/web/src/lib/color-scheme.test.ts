import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentColorScheme, readColorSchemeChoice, subscribeColorScheme, toggleColorScheme } from './color-scheme.ts';

/** A system whose dark setting the test switches, as matchMedia reports it. */
function systemPrefersDark(dark: boolean) {
  const listeners = new Set<() => void>();
  const media = {
    get matches() {
      return dark;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  vi.stubGlobal(
    'matchMedia',
    vi.fn(() => media),
  );
  return {
    change(next: boolean) {
      dark = next;
      for (const listener of listeners) listener();
    },
  };
}

const attribute = () => document.documentElement.getAttribute('data-mantine-color-scheme');

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('colour scheme', () => {
  it('follows the system until the visitor picks the other scheme, and keeps that pick', () => {
    systemPrefersDark(true);
    expect(readColorSchemeChoice()).toBe('auto');
    expect(currentColorScheme()).toBe('dark');

    toggleColorScheme();
    expect(readColorSchemeChoice()).toBe('light');
    expect(currentColorScheme()).toBe('light');
    expect(attribute()).toBe('light');
  });

  it('follows the system again once the visitor picks the system’s own scheme', () => {
    const system = systemPrefersDark(false);
    toggleColorScheme();
    expect(readColorSchemeChoice()).toBe('dark');
    toggleColorScheme();
    expect(readColorSchemeChoice()).toBe('auto');

    const seen = vi.fn();
    const unsubscribe = subscribeColorScheme(seen);
    system.change(true);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(attribute()).toBe('dark');
    unsubscribe();
  });

  it('tells subscribers of a pick made on this page', () => {
    systemPrefersDark(false);
    const seen = vi.fn();
    const unsubscribe = subscribeColorScheme(seen);
    toggleColorScheme();
    expect(seen).toHaveBeenCalledTimes(1);
    unsubscribe();
    toggleColorScheme();
    expect(seen).toHaveBeenCalledTimes(1);
  });
});
