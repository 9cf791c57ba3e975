import { SimpleGrid, Stack, Title } from '@mantine/core';
import type { TProviderAssignment } from '@spacecapture/shared/contracts/provider-portal';
import { type ReactNode, useState } from 'react';
import { ListState } from '../../../components/portal/list-state.tsx';
import { useProviderAssignments } from '../../../resources/provider/get-assignments.ts';
import { JobCard } from './job-card.tsx';

/** Assigned Jobs (spec 001 §2): open offers first, then the accepted work, each newest first. */
export function AssignedJobs({ jobExtras }: { jobExtras?: (job: TProviderAssignment) => ReactNode } = {}) {
  const jobs = useProviderAssignments();
  const items = jobs.data?.items ?? [];
  const offers = items.filter((job) => job.status === 'offered');
  const accepted = items.filter((job) => job.status === 'accepted');
  // The job just accepted here: its card in the accepted list takes focus when it appears.
  const [justAccepted, setJustAccepted] = useState<string | null>(null);
  return (
    <ListState query={jobs} count={items.length} what="jobs" empty="No jobs assigned yet.">
      <Stack gap="xl">
        {offers.length > 0 ? (
          <Stack gap="sm">
            <Title order={2} fz={20}>
              Offers awaiting your answer
            </Title>
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              {offers.map((job) => (
                <JobCard key={job.id} job={job} extras={jobExtras?.(job)} onAccepted={() => setJustAccepted(job.id)} />
              ))}
            </SimpleGrid>
          </Stack>
        ) : null}
        {accepted.length > 0 ? (
          <Stack gap="sm">
            <Title order={2} fz={20}>
              Accepted jobs
            </Title>
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              {accepted.map((job) => (
                <JobCard key={job.id} job={job} extras={jobExtras?.(job)} takeFocus={job.id === justAccepted} />
              ))}
            </SimpleGrid>
          </Stack>
        ) : null}
      </Stack>
    </ListState>
  );
}
