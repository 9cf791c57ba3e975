import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';

type TFetchCall = { url: string; method: string; body: unknown };
type TReply = { status: number; body: unknown };

/**
 * Renders a portal component as the app does (Mantine, toasts, a fresh query client, a router)
 * with `fetch` answered by `respond`; every request is recorded in `calls`.
 */
export function renderInPortal(ui: ReactNode, respond: (call: TFetchCall) => TReply, initialEntry = '/') {
  const calls: TFetchCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const call = {
        url: String(input),
        method: init.method ?? 'GET',
        body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const reply = respond(call);
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: 0 } } });
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => {
    root.render(
      <MantineProvider>
        <Notifications />
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[initialEntry]}>{ui}</MemoryRouter>
        </QueryClientProvider>
      </MantineProvider>,
    );
  });
  return {
    calls,
    container,
    unmount() {
      act(() => root.unmount());
      container.remove();
      // Toasts live in a module-wide store: the next test starts without them.
      notifications.clean();
      vi.unstubAllGlobals();
    },
  };
}

/** Lets pending promises, timers and React updates settle until `check` passes (or throws its last error). */
export async function waitFor(check: () => void, timeoutMs = 2000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  }
}

/** Types into an input the way React sees it (native value setter, then an input event). */
export function typeInto(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value);
  act(() => {
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** All the text of the page (toasts and dialogs included). */
export const pageText = () => document.body.textContent ?? '';

/** The page's button whose text reads exactly `name`. */
export const buttonNamed = (name: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('button')].find((element) => element.textContent?.trim() === name);

/** Clicks and lets what the click started settle (async act). */
export const clickAndSettle = (element: HTMLElement | undefined) =>
  act(async () => {
    element?.click();
  });
