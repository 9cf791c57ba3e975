import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';

export const TABS = ['projects', 'performance', 'settings'] as const;
export type TTab = (typeof TABS)[number];

export function isTab(value: string | null): value is TTab {
  return TABS.includes(value as TTab);
}

/** The dashboard address of a tab or a project's detail view (both live in the query string). */
export function dashboardHref(params: { tab?: TTab; project?: string }) {
  const search = new URLSearchParams();
  if (params.tab && params.tab !== 'projects') search.set('tab', params.tab);
  if (params.project) search.set('project', params.project);
  const query = search.toString();
  return query ? `${PORTAL_PATHS.provider.dashboard}?${query}` : PORTAL_PATHS.provider.dashboard;
}
