import {
  type TProviderAvailabilityRequest,
  ZProviderAvailabilityResponse,
} from '@spacecapture/shared/contracts/dispatch';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { availabilityKey } from './get-availability.ts';

export const AVAILABILITY_SAVED_TOAST = {
  title: 'Availability saved',
  message: 'Dispatch offers you jobs inside these hours and areas.',
};

/** PUT /api/provider/availability → the saved availability (provider admins). */
export function updateAvailability(availability: TProviderAvailabilityRequest) {
  return sendJson('/api/provider/availability', availability, ZProviderAvailabilityResponse, 'PUT');
}

export function useUpdateAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAvailability,
    onSuccess: (saved) => {
      queryClient.setQueryData(availabilityKey, saved);
      notifySuccess(AVAILABILITY_SAVED_TOAST);
    },
  });
}
