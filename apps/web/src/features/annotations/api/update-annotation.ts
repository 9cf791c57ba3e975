import {
  ANNOTATION_MESSAGES,
  type TUpdateAnnotationRequest,
  ZAnnotation,
} from '@spacecapture/shared/contracts/annotations';
import type { TPortal } from '@spacecapture/shared/roles';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { annotationKeys } from './get-annotations.ts';

/** PATCH /api/{portal}/annotations/:id { label } → the annotation as changed (its author only). */
export function updateAnnotation(portal: TPortal, id: string, request: TUpdateAnnotationRequest) {
  return sendJson(`/api/${portal}/annotations/${encodeURIComponent(id)}`, request, ZAnnotation, 'PATCH');
}

export function useUpdateAnnotation(portal: TPortal, fileId: string) {
  return useRefreshingMutation(annotationKeys.ofFile(portal, fileId), {
    mutationFn: (input: { id: string } & TUpdateAnnotationRequest) =>
      updateAnnotation(portal, input.id, { label: input.label }),
    onSuccess: () => notifySuccess(ANNOTATION_MESSAGES.updated),
  });
}
