import { Anchor } from '@mantine/core';
import type { TProviderAssignment } from '@spacecapture/shared/contracts/provider-portal';
import { CAPTURE_TYPE_OPTIONS, labelOf } from '@spacecapture/shared/enums';
import { formatPlaceWindow } from '@spacecapture/shared/format';
import type { ReactNode } from 'react';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';

type TJobSite = Pick<
  TProviderAssignment,
  'masked' | 'area' | 'timeZone' | 'preferredWindows' | 'accessNotes' | 'siteContact'
>;

/**
 * What a provider needs to know about where and when a job is, beyond its address: the area while
 * the address is withheld, the customer's preferred windows in the place's zone, and once accepted
 * the access notes and whom to call. Each page lays the facts out its own way.
 */
export function jobSiteFacts(job: TJobSite): { label: string; value: ReactNode }[] {
  const facts: { label: string; value: ReactNode }[] = [];
  if (job.masked && job.area) facts.push({ label: 'Area', value: job.area });
  if (job.preferredWindows.length > 0) {
    facts.push({
      label: 'Preferred windows',
      value: job.preferredWindows
        .map((window) => formatPlaceWindow(window.start, window.end, job.timeZone))
        .join(' · '),
    });
  }
  if (job.accessNotes) facts.push({ label: 'Access notes', value: job.accessNotes });
  if (job.siteContact) {
    facts.push({
      label: 'Site contact',
      value: (
        <>
          {job.siteContact.name},{' '}
          <Anchor href={`tel:${job.siteContact.phone.replace(/[^\d+]/g, '')}`} inherit>
            {job.siteContact.phone}
          </Anchor>
        </>
      ),
    });
  }
  return facts;
}

/** Asks before accepting an offer: accepting commits the organisation to the capture. */
export function AcceptJobDialog({
  job,
  compensation,
  opened,
  loading,
  onConfirm,
  onCancel,
}: {
  job: Pick<TProviderAssignment, 'captureType' | 'area'>;
  /** The pay as the page shows it. */
  compensation: string;
  opened: boolean;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const where = job.area ? ` in ${job.area}` : '';
  return (
    <ConfirmDialog
      opened={opened}
      title="Accept this job?"
      confirmLabel="Accept job"
      confirmColor="teal"
      loading={loading}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      You commit to the {labelOf(CAPTURE_TYPE_OPTIONS, job.captureType)} capture{where} for {compensation}. The address
      and the site's contact are shown once you accept; you then propose a capture window.
    </ConfirmDialog>
  );
}
