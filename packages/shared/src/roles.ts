import { PATHS } from './paths.ts';

/** Roles and the portal each belongs to (spec 000 §6, 001 §6). */

export const ADMIN_ROLES = ['master_admin', 'admin'] as const;
export const CUSTOMER_ROLES = ['customer_admin', 'customer_user'] as const;
export const PROVIDER_ROLES = ['provider_admin', 'provider_user'] as const;
export const ROLES = [...ADMIN_ROLES, ...CUSTOMER_ROLES, ...PROVIDER_ROLES] as const;

/** Roles an invitation may suggest (spec 001 §5); admins are never invited through the form. */
export const INVITABLE_ROLES = [...CUSTOMER_ROLES, ...PROVIDER_ROLES] as const;
export type TInvitableRole = (typeof INVITABLE_ROLES)[number];

export const ORG_TYPES = ['customer', 'provider'] as const;
export type TOrgType = (typeof ORG_TYPES)[number];

export type TPortal = 'admin' | 'provider' | 'customer';

/** master_admin and admin are admin; roles beginning with provider_ are provider; others customer. */
export function portalOfRole(role: string): TPortal {
  if (role === 'master_admin' || role === 'admin') return 'admin';
  if (role.startsWith('provider_')) return 'provider';
  return 'customer';
}

export function orgTypeOfRole(role: TInvitableRole): TOrgType {
  return role.startsWith('provider_') ? 'provider' : 'customer';
}

/** Where a signed-in user lands (spec 000 §2; the customer side is /customer-dashboard). */
export function homePathOfRole(role: string | null | undefined): string {
  if (!role) return PATHS.home;
  const portal = portalOfRole(role);
  if (portal === 'admin') return PATHS.admin;
  if (portal === 'provider') return PATHS.providerDashboard;
  return PATHS.customerDashboard;
}

/** The roles that may manage their own organisation's team. */
export function isOrgAdminRole(role: string): role is 'customer_admin' | 'provider_admin' {
  return role === 'customer_admin' || role === 'provider_admin';
}

/** The member role an organisation admin may invite into their own organisation. */
export function teamMemberRoleOf(orgType: TOrgType): TInvitableRole {
  return orgType === 'provider' ? 'provider_user' : 'customer_user';
}
