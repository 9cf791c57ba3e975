import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/** Renders a component with Mantine and a fresh query client (component tests). */
export function renderForTest(element: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const root: Root = createRoot(container);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  act(() => {
    root.render(
      <MantineProvider>
        <QueryClientProvider client={queryClient}>{element}</QueryClientProvider>
      </MantineProvider>,
    );
  });
  return {
    container,
    unmount() {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/** Types into a controlled input the way a browser does (React listens to the native setter + input event). */
export function typeInto(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The input whose label reads exactly `label`. */
export function inputByLabel(container: HTMLElement, label: string): HTMLInputElement {
  const found = [...container.querySelectorAll('label')].find((element) => element.textContent?.trim() === label);
  const input = found?.htmlFor ? container.querySelector<HTMLInputElement>(`#${CSS.escape(found.htmlFor)}`) : null;
  if (!input) throw new Error(`no input labelled ${label}`);
  return input;
}

/**
 * Renders a component with Mantine alone into a fresh container, letting its first effects and
 * fetches start (async act); `unmount` removes it.
 */
export async function renderInMantine(element: ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const root: Root = createRoot(container);
  await act(async () => {
    root.render(<MantineProvider>{element}</MantineProvider>);
  });
  return {
    container,
    unmount() {
      act(() => root.unmount());
      container.remove();
    },
  };
}
