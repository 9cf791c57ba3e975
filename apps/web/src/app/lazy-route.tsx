import { type ComponentType, createContext, type LazyExoticComponent, lazy, use } from 'react';
import { firstInteraction } from './interaction-gate.ts';

export type TRenderedModules = {
  /** Route modules the page rendered, keyed like Vite's manifest (`src/app/...tsx`). */
  modules: Set<string>;
  /** Those of them loaded at the first interaction: their markup is prerendered, their chunks not preloaded. */
  afterInteraction: Set<string>;
};

/**
 * During prerendering, the route modules a page rendered, so the prerender script can preload exactly
 * that page's chunks (and leave out those loaded at the first interaction). Null in the browser.
 */
export const RenderedModulesContext = createContext<TRenderedModules | null>(null);

export type TLazyRoute = {
  moduleId: string;
  afterInteraction: boolean;
  Component: LazyExoticComponent<ComponentType>;
};

type TLazyRouteOptions = {
  /**
   * Load the chunk at the visitor's first interaction with a prerendered page, not at hydration
   * (decision 112): the prerendered markup stays as it is (and works without script) until then.
   */
  afterInteraction?: boolean;
};

/** A route component split into its own chunk, loaded when the route first renders. */
export function lazyRoute(
  moduleId: string,
  load: () => Promise<ComponentType>,
  { afterInteraction = false }: TLazyRouteOptions = {},
): TLazyRoute {
  return {
    moduleId,
    afterInteraction,
    Component: lazy(async () => {
      if (afterInteraction) await firstInteraction();
      return { default: await load() };
    }),
  };
}

/** Renders a lazy route and, while prerendering, records its module. */
export function RouteModule({ route }: { route: TLazyRoute }) {
  const rendered = use(RenderedModulesContext);
  rendered?.modules.add(route.moduleId);
  if (route.afterInteraction) rendered?.afterInteraction.add(route.moduleId);
  return <route.Component />;
}
