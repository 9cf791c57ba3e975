import { Badge } from '@mantine/core';
import { useUnreadCount } from '../api/inbox.ts';

/** The caller's unread messages from one portal's count (`…/conversations/unread`); nothing when none. */
function UnreadMessagesBadge({ url }: { url: string }) {
  const { data } = useUnreadCount(url);
  if (!data || data.unread === 0) return null;
  return (
    <Badge size="sm" color="red" circle={data.unread < 10} aria-label={`${data.unread} unread messages`} ml="auto">
      {data.unread}
    </Badge>
  );
}

/** Beside "Inbox" in the admin sidebar: unread messages of every conversation. */
export function InboxUnreadBadge() {
  return <UnreadMessagesBadge url="/api/admin/conversations/unread" />;
}

/** Beside "Orders" in the customer sidebar: unread messages on the organisation's orders. */
export function CustomerUnreadBadge() {
  return <UnreadMessagesBadge url="/api/customer/conversations/unread" />;
}

/** Beside "Assigned Jobs" in the provider sidebar: unread messages on the organisation's accepted jobs. */
export function ProviderUnreadBadge() {
  return <UnreadMessagesBadge url="/api/provider/conversations/unread" />;
}
