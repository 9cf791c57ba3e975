/** Query keys of the caller's own organisation and team. */
export const teamKeys = {
  all: ['organization', 'team'] as const,
  detail: () => [...teamKeys.all, 'detail'] as const,
};
