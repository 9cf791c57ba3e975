import { Button, Card, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import {
  type TLead,
  WORKFLOW_EMPTY,
  WORKFLOW_TOASTS,
  WORKFLOW_VALIDATION,
} from '@spacecapture/shared/contracts/admin-workflow';
import { CAPTURE_TYPE_OPTIONS, labelOf, SPACE_TYPE_OPTIONS } from '@spacecapture/shared/enums';
import { canTransition, LEAD_MACHINE } from '@spacecapture/shared/state-machines';
import { useState } from 'react';
import { ListState } from '../../../components/portal/list-state.tsx';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useOrganizationOptions } from '../../../resources/admin/get-organization-options.ts';
import { useConvertLead } from '../api/convert-lead.ts';
import { useLeads } from '../api/get-leads.ts';
import { useSetLeadStatus } from '../api/set-lead-status.ts';
import { WorkflowStatusBadge } from './workflow-status-badge.tsx';

type TOrgOption = { value: string; label: string };

function LeadCard({ lead, orgOptions }: { lead: TLead; orgOptions: readonly TOrgOption[] }) {
  const [customerOrgId, setCustomerOrgId] = useState('');
  const convert = useConvertLead();
  const setStatus = useSetLeadStatus();
  const busy = convert.isPending || setStatus.isPending;

  function onFailure(error: unknown) {
    notifyError({ title: WORKFLOW_TOASTS.failed.title, message: errorMessage(error, NETWORK_FALLBACK) });
  }

  function onCreateOrder() {
    if (!customerOrgId) {
      notifyError(WORKFLOW_VALIDATION.selectCustomerOrg);
      return;
    }
    convert.mutate({ id: lead.id, customerOrgId }, { onError: onFailure });
  }

  function onStatus(status: 'triage' | 'quoted') {
    setStatus.mutate({ id: lead.id, status }, { onError: onFailure });
  }

  const canConvert = canTransition(LEAD_MACHINE, lead.status, 'converted');
  return (
    <Card withBorder radius="md" p="md" data-testid="lead-card" aria-label={`Lead from ${lead.contact.name}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text fw={600}>{lead.contact.name}</Text>
          <Text size="sm">{lead.contact.email}</Text>
          <Text size="sm">{lead.contact.phone}</Text>
        </div>
        <WorkflowStatusBadge status={lead.status} />
      </Group>
      <Text size="sm" mt="xs">
        Need: {labelOf(SPACE_TYPE_OPTIONS, lead.details.spaceType)} ·{' '}
        {labelOf(CAPTURE_TYPE_OPTIONS, lead.details.captureType)}
      </Text>
      <Text size="sm">Location: {lead.details.location}</Text>
      {canConvert ? (
        <NativeSelect
          mt="sm"
          label="Customer organization"
          value={customerOrgId}
          onChange={(event) => setCustomerOrgId(event.currentTarget.value)}
          data={[{ value: '', label: 'Select customer org' }, ...orgOptions]}
        />
      ) : null}
      <Group gap="xs" mt="sm">
        <Button size="xs" onClick={onCreateOrder} disabled={busy || !canConvert} loading={convert.isPending}>
          Create Order
        </Button>
        <Button
          size="xs"
          variant="light"
          onClick={() => onStatus('triage')}
          disabled={busy || !canTransition(LEAD_MACHINE, lead.status, 'triage')}
        >
          Move to triage
        </Button>
        <Button
          size="xs"
          variant="light"
          onClick={() => onStatus('quoted')}
          disabled={busy || !canTransition(LEAD_MACHINE, lead.status, 'quoted')}
        >
          Mark quoted
        </Button>
      </Group>
    </Card>
  );
}

/** New Order Leads (spec 001 §2 /admin/triage). */
export function LeadsColumn() {
  const leads = useLeads();
  const orgs = useOrganizationOptions('customer');
  const orgOptions = (orgs.data?.items ?? []).map((org) => ({ value: org.id, label: org.name }));
  const items = leads.data?.items ?? [];
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Title order={2} fz={20}>
          New Order Leads
        </Title>
        <ListState query={leads} count={items.length} what="leads" empty={WORKFLOW_EMPTY.leads}>
          {items.map((lead) => (
            <LeadCard key={lead.id} lead={lead} orgOptions={orgOptions} />
          ))}
        </ListState>
      </Stack>
    </Paper>
  );
}
