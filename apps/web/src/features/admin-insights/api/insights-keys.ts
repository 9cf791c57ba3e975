/** Query keys of the admin console's audit log, outbox, settings (the tour hosts among them) and reports. */
export const insightsKeys = {
  all: ['admin', 'insights'] as const,
  audit: (filters: string) => [...insightsKeys.all, 'audit', filters] as const,
  outbox: (filters: string) => [...insightsKeys.all, 'outbox', filters] as const,
  outboxEmail: (id: string) => [...insightsKeys.all, 'outbox-email', id] as const,
  settings: () => [...insightsKeys.all, 'settings'] as const,
  tourHosts: () => [...insightsKeys.all, 'settings', 'tour-hosts'] as const,
  report: (range: string) => [...insightsKeys.all, 'report', range] as const,
};
