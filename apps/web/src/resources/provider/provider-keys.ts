/**
 * Query keys of the provider's shared resources: the devices and the jobs (assignments) are read
 * by more than one feature (projects, assignments, devices, provider-profile), so each is cached
 * under one key and every write refreshes every screen that shows it. Feature-only data
 * (performance, schedule, availability, settings, certifications) nests its keys under `all`, so
 * one invalidation of `all` reaches all of it.
 */
export const providerKeys = {
  all: ['provider'] as const,
  devices: () => [...providerKeys.all, 'devices'] as const,
  assignments: () => [...providerKeys.all, 'assignments'] as const,
  assignment: (id: string) => [...providerKeys.assignments(), id] as const,
};
