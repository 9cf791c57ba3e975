/** Query keys of the provider's uploads (orders open for files, file lists). */
export const uploadKeys = {
  all: ['provider', 'uploads'] as const,
  targets: () => [...uploadKeys.all, 'targets'] as const,
  files: (orderId: string | null) => [...uploadKeys.all, 'files', orderId ?? 'recent'] as const,
};
