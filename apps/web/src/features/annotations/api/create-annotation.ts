import {
  ANNOTATION_MESSAGES,
  type TCreateAnnotationRequest,
  ZAnnotation,
} from '@spacecapture/shared/contracts/annotations';
import type { TPortal } from '@spacecapture/shared/roles';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { annotationKeys, annotationsPath } from './get-annotations.ts';

/** POST /api/{portal}/files/:id/annotations → the annotation as saved. */
export function createAnnotation(portal: TPortal, fileId: string, request: TCreateAnnotationRequest) {
  return sendJson(annotationsPath(portal, fileId), request, ZAnnotation);
}

export function useCreateAnnotation(portal: TPortal, fileId: string) {
  return useRefreshingMutation(annotationKeys.ofFile(portal, fileId), {
    mutationFn: (request: TCreateAnnotationRequest) => createAnnotation(portal, fileId, request),
    onSuccess: () => notifySuccess(ANNOTATION_MESSAGES.saved),
  });
}
