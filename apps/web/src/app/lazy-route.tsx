import { type ComponentType, createContext, type LazyExoticComponent, lazy, use } from 'react';

/**
 * During prerendering, the set of route modules a page rendered, keyed like Vite's manifest
 * (`src/app/...tsx`), so the prerender script can preload exactly that page's chunks. Null in the browser.
 */
export const RenderedModulesContext = createContext<Set<string> | null>(null);

export type TLazyRoute = { moduleId: string; Component: LazyExoticComponent<ComponentType> };

/** A route component split into its own chunk, loaded when the route first renders. */
export function lazyRoute(moduleId: string, load: () => Promise<ComponentType>): TLazyRoute {
  return { moduleId, Component: lazy(async () => ({ default: await load() })) };
}

/** Renders a lazy route and, while prerendering, records its module. */
export function RouteModule({ route }: { route: TLazyRoute }) {
  use(RenderedModulesContext)?.add(route.moduleId);
  return <route.Component />;
}
