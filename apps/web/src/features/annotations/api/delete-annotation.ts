import { ANNOTATION_MESSAGES, ZDeletedAnnotation } from '@spacecapture/shared/contracts/annotations';
import type { TPortal } from '@spacecapture/shared/roles';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { annotationKeys } from './get-annotations.ts';

/** DELETE /api/{portal}/annotations/:id (its author, or an admin). */
export function deleteAnnotation(portal: TPortal, id: string) {
  return apiRequest(`/api/${portal}/annotations/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: ZDeletedAnnotation,
  });
}

export function useDeleteAnnotation(portal: TPortal, fileId: string) {
  return useRefreshingMutation(annotationKeys.ofFile(portal, fileId), {
    mutationFn: (id: string) => deleteAnnotation(portal, id),
    onSuccess: () => notifySuccess(ANNOTATION_MESSAGES.removed),
  });
}
