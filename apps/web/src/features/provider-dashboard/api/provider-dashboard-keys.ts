/** Query keys of the provider dashboard and schedule (the caller's own organisation's data). */
export const providerDashboardKeys = {
  all: ['provider', 'dashboard'] as const,
  projects: () => [...providerDashboardKeys.all, 'projects'] as const,
  project: (id: string) => [...providerDashboardKeys.all, 'project', id] as const,
  performance: () => [...providerDashboardKeys.all, 'performance'] as const,
  settings: () => [...providerDashboardKeys.all, 'settings'] as const,
  devices: () => [...providerDashboardKeys.all, 'devices'] as const,
  schedule: () => [...providerDashboardKeys.all, 'schedule'] as const,
};
