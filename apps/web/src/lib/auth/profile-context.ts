import type { TProfile } from '@spacecapture/shared/contracts/auth';
import type { TUnitSystem } from '@spacecapture/shared/units';
import { createContext, use } from 'react';

/** The signed-in profile, provided by the portal guard once the session is known. */
export const ProfileContext = createContext<TProfile | null>(null);

export function useProfile(): TProfile {
  const profile = use(ProfileContext);
  if (!profile) throw new Error('useProfile() needs a signed-in area (the portal guard provides it).');
  return profile;
}

/**
 * The signed-in organisation's unit system and default currency (decision 203); a customer without
 * them yet reads square feet and dollars, as the organisations' defaults are.
 */
export function useOrganizationUnits(): { unitSystem: TUnitSystem; currency: string } {
  const organization = use(ProfileContext)?.organization;
  return { unitSystem: organization?.unitSystem ?? 'imperial', currency: organization?.currency ?? 'USD' };
}
