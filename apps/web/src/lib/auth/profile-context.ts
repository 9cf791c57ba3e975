import type { TProfile } from '@spacecapture/shared/contracts/auth';
import { createContext, use } from 'react';

/** The signed-in profile, provided by the portal guard once the session is known. */
export const ProfileContext = createContext<TProfile | null>(null);

export function useProfile(): TProfile {
  const profile = use(ProfileContext);
  if (!profile) throw new Error('useProfile() needs a signed-in area (the portal guard provides it).');
  return profile;
}
