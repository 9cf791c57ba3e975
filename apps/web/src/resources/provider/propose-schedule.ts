import { type TProviderAssignment, ZProviderAssignment } from '@spacecapture/shared/contracts/provider-portal';
import { type TProposeWindowsRequest, ZScheduleState } from '@spacecapture/shared/contracts/scheduling';
import { formatDateTime } from '@spacecapture/shared/format';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { use } from 'react';
import { sendJson } from '../../lib/api-hooks.ts';
import { ProfileContext } from '../../lib/auth/profile-context.ts';
import { sendOrQueue, type TSentOrQueued } from './offline-actions.ts';
import { providerKeys } from './provider-keys.ts';

/** A window as the form sends it: ISO instants. */
type TProposeWindow = { start: string; end: string };

/**
 * POST /api/provider/assignments/:id/schedule { start, end } → the job with its proposed window.
 * Without signal the proposal waits on the device and is sent on reconnect (decision 225).
 */
export function proposeSchedule({
  id,
  window,
  userId = null,
}: {
  id: string;
  window: TProposeWindow;
  userId?: string | null;
}): Promise<TSentOrQueued<TProviderAssignment>> {
  const label = `Propose ${formatDateTime(window.start)} – ${formatDateTime(window.end)}`;
  return sendOrQueue({
    kind: 'propose-schedule',
    assignmentId: id,
    body: window,
    label,
    userId,
    schema: ZProviderAssignment,
  });
}

/**
 * `onSuccess` is the mutation's own (its success toast survives the component that started it);
 * `queued` says the proposal is waiting for signal rather than made.
 */
export function useProposeSchedule(options: { onSuccess?: (queued: boolean) => void } = {}) {
  const queryClient = useQueryClient();
  const userId = use(ProfileContext)?.user.id ?? null;
  return useMutation({
    mutationFn: (input: { id: string; window: TProposeWindow }) => proposeSchedule({ ...input, userId }),
    // Run without signal too: the proposal then waits on the device (decision 225).
    networkMode: 'always',
    // A proposed window shows in the job and in the dashboard's schedule. A waiting proposal does not
    // wait for that refetch, which itself waits for the signal.
    onSuccess: (result) => {
      options.onSuccess?.(result.queued);
      const refresh = queryClient.invalidateQueries({ queryKey: providerKeys.all });
      return result.queued ? undefined : refresh;
    },
  });
}

/** POST /api/provider/assignments/:id/windows { windows } → the job's scheduling (the customer picks one). */
export function proposeWindows({ id, windows }: { id: string; windows: TProposeWindowsRequest['windows'] }) {
  return sendJson(`/api/provider/assignments/${id}/windows`, { windows }, ZScheduleState);
}

export function useProposeWindows(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: proposeWindows,
    onSuccess: () => {
      options.onSuccess?.();
      return queryClient.invalidateQueries({ queryKey: providerKeys.all });
    },
  });
}
