import { providerKeys } from '../../../resources/provider/provider-keys.ts';

/** Query keys of the provider dashboard's own data (figures, schedule, settings). */
export const providerDashboardKeys = {
  all: [...providerKeys.all, 'dashboard'] as const,
  performance: () => [...providerDashboardKeys.all, 'performance'] as const,
  settings: () => [...providerDashboardKeys.all, 'settings'] as const,
  schedule: () => [...providerDashboardKeys.all, 'schedule'] as const,
  availability: () => [...providerDashboardKeys.all, 'availability'] as const,
  readiness: () => [...providerDashboardKeys.all, 'readiness'] as const,
};
