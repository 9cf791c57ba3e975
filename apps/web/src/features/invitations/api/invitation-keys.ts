/** Query keys of the admin's invitations (the organisation pickers live in resources/admin). */
export const invitationKeys = {
  all: ['admin', 'invitations'] as const,
  list: () => [...invitationKeys.all, 'list'] as const,
};
