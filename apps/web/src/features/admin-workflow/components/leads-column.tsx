import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  LEAD_STATUSES,
  type TConvertLeadResponse,
  type TLead,
  WORKFLOW_EMPTY,
  WORKFLOW_TOASTS,
  WORKFLOW_VALIDATION,
} from '@spacecapture/shared/contracts/admin-workflow';
import {
  CAPTURE_TYPE_OPTIONS,
  labelOf,
  SPACE_SIZE_OPTIONS,
  SPACE_TYPE_OPTIONS,
  TIMELINE_OPTIONS,
} from '@spacecapture/shared/enums';
import { FIELD_LIMITS } from '@spacecapture/shared/fields';
import { formatDateTime } from '@spacecapture/shared/format';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { canTransition, LEAD_MACHINE } from '@spacecapture/shared/state-machines';
import { useState } from 'react';
import { ListState } from '../../../components/portal/list-state.tsx';
import { LoadMore } from '../../../components/portal/load-more.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useOrganizationOptions } from '../../../resources/admin/get-organization-options.ts';
import { useConvertLead } from '../api/convert-lead.ts';
import { useLeads } from '../api/get-leads.ts';
import { useSetLeadStatus } from '../api/set-lead-status.ts';
import { Detail } from './detail.tsx';
import { emptyTriageText, LEAD_PARAMS, TriageFilterBar, useTriageFilters } from './triage-filters.tsx';
import { WorkflowStatusBadge } from './workflow-status-badge.tsx';

type TOrgOption = { value: string; label: string };
type TOrgMode = 'existing' | 'new';

/** The existing organisation named like the lead's company, if any (case and spaces aside). */
function matchingOrg(lead: TLead, orgOptions: readonly TOrgOption[]) {
  const company = lead.contact.company?.trim().toLowerCase();
  return company ? orgOptions.find((org) => org.label.trim().toLowerCase() === company) : undefined;
}

/**
 * Create Order: under an existing customer organisation, or a new one made from the lead with its
 * contact invited, in one step (decision 106). A prospect whose company is already a customer gets
 * that organisation chosen; an install without customers starts on a new one.
 */
type TOnConverted = (converted: TConvertLeadResponse) => void;
/** A lead, the organisations it may be ordered for, and who hears of the order it becomes. */
type TLeadProps = { lead: TLead; orgOptions: readonly TOrgOption[]; onConverted: TOnConverted };

function CreateOrderForm({ lead, orgOptions, onConverted }: TLeadProps) {
  const match = matchingOrg(lead, orgOptions);
  // Until the admin chooses, the defaults follow the organisations as they load.
  const [chosenMode, setMode] = useState<TOrgMode | null>(null);
  const [chosenOrgId, setCustomerOrgId] = useState<string | null>(null);
  const mode = chosenMode ?? (match || orgOptions.length > 0 ? 'existing' : 'new');
  const customerOrgId = chosenOrgId ?? match?.value ?? '';
  const [orgName, setOrgName] = useState(lead.contact.company ?? lead.contact.name);
  const [contactEmail, setContactEmail] = useState(lead.contact.email);
  const convert = useConvertLead(onConverted);
  const fields = convert.error instanceof ApiError ? convert.error.fields : {};

  function onCreateOrder() {
    const onError = (error: unknown) =>
      notifyError({ title: WORKFLOW_TOASTS.failed.title, message: errorMessage(error, NETWORK_FALLBACK) });
    if (mode === 'new') {
      convert.mutate({ id: lead.id, newCustomerOrg: { name: orgName, contactEmail } }, { onError });
      return;
    }
    if (!customerOrgId) {
      notifyError(WORKFLOW_VALIDATION.selectCustomerOrg);
      return;
    }
    convert.mutate({ id: lead.id, customerOrgId }, { onError });
  }

  return (
    <Stack gap="xs" mt="sm">
      <SegmentedControl
        size="xs"
        value={mode}
        onChange={(value) => setMode(value as TOrgMode)}
        aria-label={`Organization of the order for ${lead.contact.name}`}
        data={[
          { value: 'existing', label: 'Existing organization' },
          { value: 'new', label: 'New organization' },
        ]}
      />
      {mode === 'existing' ? (
        <NativeSelect
          label="Customer organization"
          value={customerOrgId}
          onChange={(event) => setCustomerOrgId(event.currentTarget.value)}
          data={[{ value: '', label: 'Select customer org' }, ...orgOptions]}
        />
      ) : (
        <>
          <TextInput
            label="Organization name"
            value={orgName}
            onChange={(event) => setOrgName(event.currentTarget.value)}
            maxLength={FIELD_LIMITS.shortText}
            error={fields['newCustomerOrg.name']}
          />
          <TextInput
            label="Invite contact (e-mail)"
            description="Invited as the organization's admin, with the order waiting in their portal"
            type="email"
            value={contactEmail}
            onChange={(event) => setContactEmail(event.currentTarget.value)}
            maxLength={FIELD_LIMITS.email}
            error={fields['newCustomerOrg.contactEmail']}
          />
        </>
      )}
      <Group gap="xs">
        <Button size="xs" onClick={onCreateOrder} loading={convert.isPending}>
          {mode === 'new' ? 'Create Order and invite' : 'Create Order'}
        </Button>
      </Group>
    </Stack>
  );
}

function LeadCard({ lead, orgOptions, onConverted }: TLeadProps) {
  const setStatus = useSetLeadStatus();
  const { details, contact } = lead;

  function onStatus(status: 'triage' | 'quoted') {
    setStatus.mutate(
      { id: lead.id, status },
      {
        onError: (error) =>
          notifyError({ title: WORKFLOW_TOASTS.failed.title, message: errorMessage(error, NETWORK_FALLBACK) }),
      },
    );
  }

  return (
    <Card withBorder radius="md" p="md" data-testid="lead-card" aria-label={`Lead from ${contact.name}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text fw={600}>{contact.name}</Text>
          {contact.company ? <Text size="sm">{contact.company}</Text> : null}
          <Text size="sm">{contact.email}</Text>
          <Text size="sm">{contact.phone}</Text>
        </div>
        <WorkflowStatusBadge status={lead.status} />
      </Group>
      <Stack gap={2} mt="xs">
        <Detail
          label="Need"
          value={`${labelOf(SPACE_TYPE_OPTIONS, details.spaceType)} · ${labelOf(CAPTURE_TYPE_OPTIONS, details.captureType)}`}
        />
        <Detail label="Location" value={details.location} />
        <Detail label="Size" value={labelOf(SPACE_SIZE_OPTIONS, details.spaceSize)} />
        <Detail label="Timeline" value={labelOf(TIMELINE_OPTIONS, details.timeline)} />
        <Detail label="Notes" value={details.additionalInfo} />
        <Detail label="Received" value={formatDateTime(lead.createdAt)} />
      </Stack>
      {lead.orderId ? (
        <Anchor
          component={AppLink}
          to={`${PORTAL_PATHS.admin.orders}?order=${encodeURIComponent(lead.orderId)}`}
          size="sm"
          mt="xs"
        >
          Open the order
        </Anchor>
      ) : null}
      {canTransition(LEAD_MACHINE, lead.status, 'converted') ? (
        <CreateOrderForm lead={lead} orgOptions={orgOptions} onConverted={onConverted} />
      ) : null}
      <Group gap="xs" mt="sm">
        <Button
          size="xs"
          variant="light"
          onClick={() => onStatus('triage')}
          disabled={setStatus.isPending || !canTransition(LEAD_MACHINE, lead.status, 'triage')}
        >
          Move to triage
        </Button>
        <Button
          size="xs"
          variant="light"
          onClick={() => onStatus('quoted')}
          disabled={setStatus.isPending || !canTransition(LEAD_MACHINE, lead.status, 'quoted')}
        >
          Mark quoted
        </Button>
      </Group>
    </Card>
  );
}

/** The order a lead just became, with its page and its next step, the quote. */
function ConvertedNote({ converted, onClose }: { converted: TConvertLeadResponse; onClose: () => void }) {
  const { order, invitation } = converted;
  return (
    <Alert
      color="teal"
      variant="light"
      title={`Order created: ${order.title}`}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      data-testid="converted-lead"
      role="status"
    >
      <Stack gap="xs">
        <Text size="sm">
          For {order.customerOrg.name}
          {invitation ? `; ${invitation.email} is invited to join it.` : '.'}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            component={AppLink}
            to={`${PORTAL_PATHS.admin.orders}?order=${encodeURIComponent(order.id)}`}
          >
            Open order
          </Button>
          <Button
            size="xs"
            variant="light"
            component={AppLink}
            to={`${PORTAL_PATHS.admin.quotes}?order=${encodeURIComponent(order.id)}`}
          >
            Create quote
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

/** New Order Leads (spec 001 §2 /admin/triage): open leads first by default, a status filter and a search. */
export function LeadsColumn() {
  const { filters, setStatus, setSearch } = useTriageFilters(LEAD_PARAMS, LEAD_STATUSES);
  const leads = useLeads(filters);
  const orgs = useOrganizationOptions('customer');
  const orgOptions = (orgs.data?.items ?? []).map((org) => ({ value: org.id, label: org.name }));
  const items = leads.data?.pages.flatMap((page) => page.items) ?? [];
  // A converted lead leaves the open list: the order it became stays one click away.
  const [converted, setConverted] = useState<TConvertLeadResponse | null>(null);
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Title order={2} fz={20}>
          New Order Leads
        </Title>
        {converted ? <ConvertedNote converted={converted} onClose={() => setConverted(null)} /> : null}
        <TriageFilterBar
          what="leads"
          placeholder="Name, e-mail, company or place"
          statuses={LEAD_STATUSES}
          filters={filters}
          setStatus={setStatus}
          setSearch={setSearch}
        />
        <ListState
          query={leads}
          count={items.length}
          what="leads"
          empty={emptyTriageText(filters, 'leads', WORKFLOW_EMPTY.leads)}
        >
          {items.map((lead) => (
            <LeadCard key={lead.id} lead={lead} orgOptions={orgOptions} onConverted={setConverted} />
          ))}
        </ListState>
        <LoadMore query={leads} />
      </Stack>
    </Paper>
  );
}
