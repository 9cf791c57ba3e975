import { Alert } from '@mantine/core';
import { providerFixLink, ReadinessChecklist } from '../../../components/portal/readiness-checklist.tsx';
import { useReadiness } from '../api/get-readiness.ts';

/**
 * The new provider's checklist (decision 200), above the dashboard until every item is done: what
 * dispatch still needs before it can offer this organisation a job, each linked to where it is set.
 */
export function ReadinessPanel() {
  const readiness = useReadiness();
  if (!readiness.data || readiness.data.ready) return null;
  return (
    // A standing checklist, not an announcement: a named region rather than Mantine's role="alert".
    <Alert color="brand" variant="light" title="Before you can be offered jobs" mb="md" role="region">
      <ReadinessChecklist readiness={readiness.data} fixOf={providerFixLink} />
    </Alert>
  );
}
