import { providerKeys } from '../../../resources/provider/provider-keys.ts';

/** Query keys of the provider's certifications (jobs and devices live in resources/provider). */
export const providerJobsKeys = {
  all: [...providerKeys.all, 'jobs'] as const,
  certifications: () => [...providerJobsKeys.all, 'certifications'] as const,
};
