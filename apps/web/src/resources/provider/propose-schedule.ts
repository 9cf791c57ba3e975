import type { TProposeScheduleInput } from '@spacecapture/shared/contracts/admin-workflow';
import { ZProviderAssignment } from '@spacecapture/shared/contracts/provider-portal';
import { type TProposeWindowsRequest, ZScheduleState } from '@spacecapture/shared/contracts/scheduling';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../lib/api-hooks.ts';
import { providerKeys } from './provider-keys.ts';

/** POST /api/provider/assignments/:id/schedule { start, end } → the job with its proposed window. */
export function proposeSchedule({ id, window }: { id: string; window: TProposeScheduleInput }) {
  return sendJson(`/api/provider/assignments/${id}/schedule`, window, ZProviderAssignment);
}

/** `onSuccess` is the mutation's own (its success toast survives the component that started it). */
export function useProposeSchedule(options: { onSuccess?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: proposeSchedule,
    // A proposed window shows in the job and in the dashboard's schedule.
    onSuccess: () => {
      options.onSuccess?.();
      return queryClient.invalidateQueries({ queryKey: providerKeys.all });
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
