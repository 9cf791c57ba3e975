import { Badge } from '@mantine/core';
import { useUnreadCount } from '../api/inbox.ts';

/** The admin's unread messages beside "Inbox" in the sidebar; nothing when there are none. */
export function InboxUnreadBadge() {
  const { data } = useUnreadCount('/api/admin/conversations/unread');
  if (!data || data.unread === 0) return null;
  return (
    <Badge size="sm" color="red" circle={data.unread < 10} aria-label={`${data.unread} unread messages`} ml="auto">
      {data.unread}
    </Badge>
  );
}
