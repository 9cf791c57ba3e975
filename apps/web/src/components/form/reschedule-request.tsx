import { Button, Group, TextInput } from '@mantine/core';
import { useState } from 'react';
import { errorMessage, notifyError } from '../../lib/notify.ts';

type TRescheduleRequestProps = {
  /**
   * Sends the request with these callbacks: `onSuccess` folds the form and clears it, `onError`
   * shows why it failed.
   */
  onAsk: (reason: string, callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  pending: boolean;
};

/**
 * "Reschedule…", then the reason and "Ask to reschedule" (decision 145): the same on the customer's
 * order and the provider's job, whichever side asks to move a confirmed capture.
 */
export function RescheduleRequest({ onAsk, pending }: TRescheduleRequestProps) {
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState(false);
  if (!asking) {
    return (
      <Group>
        <Button size="xs" variant="default" onClick={() => setAsking(true)}>
          Reschedule…
        </Button>
      </Group>
    );
  }
  return (
    <Group
      renderRoot={(props) => <form {...props} noValidate />}
      gap="sm"
      align="flex-end"
      onSubmit={(event) => {
        event.preventDefault();
        onAsk(reason, {
          onSuccess: () => {
            setAsking(false);
            setReason('');
          },
          onError: (error) =>
            notifyError({ title: 'Failed', message: errorMessage(error, 'Could not ask to reschedule') }),
        });
      }}
    >
      <TextInput
        label="Why should the capture move?"
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        maxLength={500}
        w={320}
      />
      <Button type="submit" size="xs" loading={pending}>
        Ask to reschedule
      </Button>
    </Group>
  );
}
