/**
 * What every component test needs of its environment (vitest `web` project setup): React's act()
 * environment flag, and the media queries Mantine reads, which happy-dom does not provide. The
 * project loads the root vitest.setup.ts first, so an unexpected console.error (a React warning
 * included) fails the test here as in the other projects.
 */
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener: () => {},
  removeEventListener: () => {},
  addListener: () => {},
  removeListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
