import { Loader, SimpleGrid } from '@mantine/core';
import { adminConversation } from '../api/conversation-keys.ts';
import { useAdminOrderConversations } from '../api/get-conversation.ts';
import { MessagesPanel } from './messages-panel.tsx';

/** The admin order page's two conversations: with the customer, and with the provider once accepted. */
export function AdminOrderMessages({ orderId }: { orderId: string }) {
  const conversations = useAdminOrderConversations(orderId);
  if (conversations.isPending) return <Loader size="sm" aria-label="Loading messages" />;
  if (conversations.isError) return null;
  const { customer, provider } = conversations.data;
  return (
    <SimpleGrid cols={{ base: 1, lg: provider ? 2 : 1 }} mt="md">
      <MessagesPanel endpoint={adminConversation(customer.id)} title="Messages with the customer" />
      {provider ? <MessagesPanel endpoint={adminConversation(provider.id)} title="Messages with the provider" /> : null}
    </SimpleGrid>
  );
}
