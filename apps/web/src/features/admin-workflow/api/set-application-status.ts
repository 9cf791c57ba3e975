import {
  type TSetApplicationStatusRequest,
  WORKFLOW_TOASTS,
  ZApplication,
} from '@spacecapture/shared/contracts/admin-workflow';
import { sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { workflowKeys } from './workflow-keys.ts';

/** POST /api/admin/applications/:id/status { status } → the application. */
export function setApplicationStatus({ id, status }: { id: string } & TSetApplicationStatusRequest) {
  return sendJson(`/api/admin/applications/${encodeURIComponent(id)}/status`, { status }, ZApplication);
}

export function useSetApplicationStatus() {
  return useRefreshingMutation(workflowKeys.all, {
    mutationFn: setApplicationStatus,
    onSuccess: () => notifySuccess({ title: WORKFLOW_TOASTS.applicationUpdated.title, message: '' }),
  });
}
