import type { TProfile } from '@spacecapture/shared/contracts/auth';
import type { TProviderSettings } from '@spacecapture/shared/contracts/provider-portal';

/** A member of the provider organisation Harbour Scans, with this role, as the session names them. */
export function providerProfileOf(role: TProfile['role']): TProfile {
  return {
    user: { id: 'u1', email: 'ops@harbour.example', name: 'Ops', emailVerified: true, twoFactorEnabled: false },
    role,
    portal: 'provider',
    organization: {
      id: '66666666-6666-4666-8666-666666666666',
      name: 'Harbour Scans',
      type: 'provider',
      orgRole: 'owner',
      currency: 'USD',
      unitSystem: 'imperial',
    },
    mfa: { required: false, enrolled: false },
  };
}

/** Harbour Scans' settings as saved. */
export const PROVIDER_SETTINGS: TProviderSettings = {
  businessName: 'Harbour Scans',
  contactEmail: 'ops@harbour.example',
  phone: '+44 20 7946 0000',
  availability: 'Weekdays',
  serviceRegions: ['London'],
  notifications: { newProjectAssignments: true, projectUpdates: true, paymentNotifications: true },
};
