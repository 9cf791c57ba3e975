import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import type { Root } from 'react-dom/client';
import { MemoryRouter, useLocation } from 'react-router';

/** The router's current URL, for assertions on what a screen wrote into it. */
export const currentUrl = { value: '' };

function LocationProbe() {
  const location = useLocation();
  currentUrl.value = `${location.pathname}${location.search}`;
  return null;
}

/** Renders a screen with the app's providers at a URL. */
export function renderAt(root: Root, url: string, screen: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: 0 } } });
  act(() => {
    root.render(
      <MantineProvider>
        <Notifications />
        <QueryClientProvider client={client}>
          <MemoryRouter initialEntries={[url]}>
            <LocationProbe />
            {screen}
          </MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
  });
}

export function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Lets the app work in 20 ms steps until `check` passes (about 3 s at most). */
export async function until(check: () => void) {
  for (let attempt = 0; ; attempt += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    try {
      check();
      return;
    } catch (error) {
      if (attempt >= 150) throw error;
    }
  }
}

/** Lets fetches resolve and React re-render. */
export async function settle(ms = 50) {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

export async function click(element: Element | null | undefined) {
  if (!(element instanceof HTMLElement)) throw new Error('no such element');
  await act(async () => {
    element.click();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

/** Types into a controlled input the way a browser does (React listens to the native input event). */
export function typeInto(input: HTMLInputElement | null | undefined, value: string) {
  if (!input) throw new Error('no such input');
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export function button(name: string): HTMLButtonElement | undefined {
  return [...document.querySelectorAll<HTMLButtonElement>('button')].find(
    (element) => element.textContent?.trim() === name,
  );
}

/** An input by its label's text. */
/** The form control a label names (its `for`), typed as the caller expects: an input, a select. */
export function labelled<T extends HTMLElement>(label: string): T | null {
  const element = [...document.querySelectorAll('label')].find((item) => item.textContent?.trim() === label);
  const id = element?.getAttribute('for');
  return id ? document.querySelector<T>(`[id="${id}"]`) : null;
}

export function input(label: string): HTMLInputElement | null {
  return labelled<HTMLInputElement>(label);
}
