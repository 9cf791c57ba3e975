/** Query keys of the provider's jobs, devices and certifications. */
export const providerJobsKeys = {
  all: ['provider', 'jobs'] as const,
  assignments: () => [...providerJobsKeys.all, 'assignments'] as const,
  devices: () => [...providerJobsKeys.all, 'devices'] as const,
  certifications: () => [...providerJobsKeys.all, 'certifications'] as const,
};
