/** Query keys of the organisation's webhook endpoints and their delivery logs. */
export const webhookKeys = {
  all: ['customer', 'webhooks'] as const,
  list: () => [...webhookKeys.all, 'list'] as const,
  deliveries: (endpointId: string) => [...webhookKeys.all, 'deliveries', endpointId] as const,
};
