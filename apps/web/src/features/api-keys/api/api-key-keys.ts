/** Query keys of API keys, per owner (the customer organisation's, or the platform's). */
export const apiKeyKeys = {
  all: ['api-keys'] as const,
  list: (basePath: string) => [...apiKeyKeys.all, basePath] as const,
};
