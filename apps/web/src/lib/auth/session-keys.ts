/** Query keys of the signed-in session: the profile (/api/me) and the list of the user's sessions. */
export const sessionKeys = {
  all: ['session'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
  devices: () => [...sessionKeys.all, 'devices'] as const,
};
