import type { TOrgType } from '@spacecapture/shared/roles';

/** Query keys of the admin's invitations and the organisation pickers of the invite form. */
export const invitationKeys = {
  all: ['admin', 'invitations'] as const,
  list: () => [...invitationKeys.all, 'list'] as const,
  organizationOptions: (type: TOrgType) => ['admin', 'organizations', 'options', type] as const,
};
