import type { TProviderAssignment } from '@spacecapture/shared/contracts/provider-portal';
import type { TOrderStatus } from '@spacecapture/shared/state-machines';

export type TChecklistStep = { key: string; label: string; done: boolean; detail: string };

type TJob = Pick<
  TProviderAssignment,
  'status' | 'orderStatus' | 'scheduledStart' | 'scheduledEnd' | 'proposedStart' | 'proposedWindows'
>;

/** Order statuses past the admin's confirmation of the window. */
const CONFIRMED: readonly TOrderStatus[] = ['scheduled', 'captured', 'delivered', 'changes_requested', 'completed'];
/** Order statuses once the first file has arrived (the upload moves a scheduled order to captured). */
const FILES_IN: readonly TOrderStatus[] = ['captured', 'delivered', 'changes_requested', 'completed'];
const DELIVERED: readonly TOrderStatus[] = ['delivered', 'completed'];

/**
 * The job's steps from acceptance to delivery, each done or not (decision 207), read from the
 * assignment and its order's status. A capture counts as done once files arrive or the confirmed
 * window has ended; a delivery sent back for changes is to do again.
 */
export function jobChecklist(job: TJob, now: number): TChecklistStep[] {
  const accepted = job.status === 'accepted';
  const confirmed = accepted && CONFIRMED.includes(job.orderStatus);
  const proposed = accepted && (confirmed || job.proposedStart !== null || job.proposedWindows.length > 0);
  const filesIn = accepted && FILES_IN.includes(job.orderStatus);
  const windowOver = job.scheduledEnd !== null && new Date(job.scheduledEnd).getTime() <= now;
  const captured = filesIn || (confirmed && windowOver);
  const delivered = accepted && DELIVERED.includes(job.orderStatus);
  return [
    {
      key: 'accepted',
      label: 'Accepted',
      done: accepted,
      detail: accepted ? 'You took the job.' : 'Answer the offer on Assigned Jobs.',
    },
    {
      key: 'proposed',
      label: 'Window proposed',
      done: proposed,
      detail: proposed ? 'You proposed when to capture.' : 'Propose a capture window on Assigned Jobs.',
    },
    {
      key: 'confirmed',
      label: 'Window confirmed',
      done: confirmed,
      detail: confirmed ? 'The window is confirmed.' : 'The SpaceCapture team confirms the window you propose.',
    },
    {
      key: 'captured',
      label: 'Captured',
      done: captured,
      detail: captured ? 'The capture is done.' : 'Capture the space in the confirmed window.',
    },
    {
      key: 'uploaded',
      label: 'Files uploaded',
      done: filesIn,
      detail: filesIn ? 'Files have arrived.' : 'Upload the files once uploads open.',
    },
    {
      key: 'delivered',
      label: 'Delivered',
      done: delivered,
      detail: delivered
        ? 'The files are with the customer.'
        : job.orderStatus === 'changes_requested'
          ? 'The customer asked for changes: upload the revised files and deliver again.'
          : 'Mark the job delivered on Uploads when every file is in.',
    },
  ];
}
