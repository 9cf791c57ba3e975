import type { TPortal } from '@spacecapture/shared/roles';

const ROLE_LABELS: Record<string, string> = {
  master_admin: 'Master admin',
  admin: 'Admin',
  customer_admin: 'Customer admin',
  customer_user: 'Customer user',
  provider_admin: 'Provider admin',
  provider_user: 'Provider user',
};

/** A role as people read it (customer_admin → Customer admin). */
export function formatRole(role: string): string {
  return ROLE_LABELS[role] ?? role;
}

export const PORTAL_TITLES: Record<TPortal, string> = {
  customer: 'Customer Portal',
  provider: 'Provider Portal',
  admin: 'Admin Portal',
};
