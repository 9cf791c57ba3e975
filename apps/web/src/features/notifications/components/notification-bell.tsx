import { ActionIcon, Button, Center, Group, Indicator, Loader, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { NOTIFICATION_MESSAGES, type TNotification } from '@spacecapture/shared/contracts/notifications';
import { formatDateTime } from '@spacecapture/shared/format';
import { type ReactNode, useState } from 'react';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { SvgIcon, type TIconProps } from '../../../components/ui/icons.tsx';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useNotifications } from '../api/get-notifications.ts';
import { useUnreadCount } from '../api/get-unread-count.ts';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-read.ts';
import { useNotificationStream } from '../api/notification-stream.ts';

function BellIcon(props: TIconProps) {
  return (
    <SvgIcon {...props}>
      <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 2h-15z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </SvgIcon>
  );
}

function failed(error: Error) {
  notifyError({ title: NOTIFICATION_MESSAGES.failedTitle, message: errorMessage(error, NETWORK_FALLBACK) });
}

function NotificationItem({
  item,
  onOpen,
  onMarkRead,
  marking,
}: {
  item: TNotification;
  onOpen: (item: TNotification) => void;
  onMarkRead: (item: TNotification) => void;
  marking: boolean;
}) {
  const unread = item.readAt === null;
  return (
    <li style={{ listStyle: 'none' }} data-unread={unread || undefined}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <AppLink to={item.link} onClick={() => onOpen(item)}>
            <Text size="sm" fw={unread ? 700 : 400} component="span">
              {item.title}
            </Text>
          </AppLink>
          <Text size="xs" c="dimmed">
            {item.body}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(item.createdAt)}
          </Text>
        </div>
        {unread ? (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => onMarkRead(item)}
            disabled={marking}
            aria-label={`Mark read: ${item.title}`}
            // Never squeezed by a long title: the label would be cut to "Mark".
            style={{ flexShrink: 0 }}
          >
            Mark read
          </Button>
        ) : null}
      </Group>
    </li>
  );
}

/**
 * The bell in every portal's header (decision 121): the unread count, kept current by the server's
 * event stream, and a dropdown of the newest notifications, each linking to its page, with mark
 * read and mark all read.
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  useNotificationStream();
  const count = useUnreadCount();
  const list = useNotifications({ enabled: opened });
  const markRead = useMarkNotificationRead({
    onSuccess: () => notifySuccess({ title: NOTIFICATION_MESSAGES.markedReadTitle, message: '' }),
    onError: failed,
  });
  // Opening an item marks it read quietly: the page it opens is the feedback.
  const markOpened = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead({
    onSuccess: () =>
      notifySuccess({ title: NOTIFICATION_MESSAGES.markedAllReadTitle, message: NOTIFICATION_MESSAGES.markedAllRead }),
    onError: failed,
  });
  const unread = count.data?.unreadCount ?? 0;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <Center py="md">
        <Loader size="sm" aria-label="Loading notifications" />
      </Center>
    );
  } else if (list.isError) {
    body = <QueryError error={list.error} onRetry={() => list.refetch()} what="your notifications" />;
  } else if (list.data.items.length === 0) {
    body = (
      <Text size="sm" c="dimmed" py="md" ta="center">
        {NOTIFICATION_MESSAGES.empty}
      </Text>
    );
  } else {
    body = (
      <ScrollArea.Autosize mah={380}>
        <Stack gap="sm" component="ul" m={0} p={0} aria-label="Notifications">
          {list.data.items.map((item) => (
            <NotificationItem
              key={item.id}
              item={item}
              marking={markRead.isPending}
              onMarkRead={(target) => markRead.mutate(target.id)}
              onOpen={(target) => {
                setOpened(false);
                if (target.readAt === null) markOpened.mutate(target.id);
              }}
            />
          ))}
        </Stack>
      </ScrollArea.Autosize>
    );
  }

  // The count sits outside the popover's target: the target's child receives the popover's ARIA
  // attributes (aria-expanded, aria-haspopup), which only the button may carry.
  return (
    <Indicator label={unread > 99 ? '99+' : String(unread)} size={18} disabled={unread === 0} color="red" offset={4}>
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        // Within a phone's width, with a margin either side.
        width="min(360px, calc(100vw - 16px))"
        shadow="md"
        withArrow
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            aria-haspopup="dialog"
            aria-expanded={opened}
            onClick={() => setOpened((open) => !open)}
          >
            <BellIcon size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown role="dialog" aria-label="Notifications">
          <Group justify="space-between" mb="xs">
            <Text fw={700}>Notifications</Text>
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => markAll.mutate()}
              loading={markAll.isPending}
              disabled={unread === 0}
            >
              Mark all read
            </Button>
          </Group>
          {body}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
