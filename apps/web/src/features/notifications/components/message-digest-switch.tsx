import { Loader, Switch, Text } from '@mantine/core';
import { NOTIFICATION_MESSAGES } from '@spacecapture/shared/contracts/notifications';
import { QueryError } from '../../../components/portal/query-error.tsx';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useMessagePreferences, useSaveMessagePreferences } from '../api/message-preferences.ts';

/**
 * The e-mail digest of new messages (decision 120), on or off for this person alone: saved as
 * soon as it is switched, beside the notification matrix whose "New message" row covers the app.
 */
export function MessageDigestSwitch() {
  const preferences = useMessagePreferences();
  const save = useSaveMessagePreferences({
    onSuccess: (saved) =>
      notifySuccess({
        title: NOTIFICATION_MESSAGES.preferencesSavedTitle,
        message: saved.emailDigests ? NOTIFICATION_MESSAGES.digestsOn : NOTIFICATION_MESSAGES.digestsOff,
      }),
    onError: (error) =>
      notifyError({ title: NOTIFICATION_MESSAGES.failedTitle, message: errorMessage(error, NETWORK_FALLBACK) }),
  });
  if (preferences.isPending) return <Loader size="sm" aria-label="Loading the message digest preference" />;
  if (preferences.isError) {
    return (
      <QueryError
        error={preferences.error}
        onRetry={() => preferences.refetch()}
        what="your message digest preference"
      />
    );
  }
  const checked = save.isPending && save.variables ? save.variables.emailDigests : preferences.data.emailDigests;
  return (
    <Switch
      label="E-mail me a digest of new messages"
      description={
        <Text component="span" size="xs" c="dimmed">
          At most one e-mail every 15 minutes, with the messages you have not read yet.
        </Text>
      }
      checked={checked}
      disabled={save.isPending}
      onChange={(event) => save.mutate({ emailDigests: event.currentTarget.checked })}
    />
  );
}
