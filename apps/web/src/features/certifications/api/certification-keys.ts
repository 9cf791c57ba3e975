import { providerKeys } from '../../../resources/provider/provider-keys.ts';

/** Query keys of the provider's certifications (jobs and devices live in resources/provider). */
export const certificationKeys = {
  certifications: () => [...providerKeys.all, 'certifications'] as const,
};
