import {
  Button,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { AUDIT_ENTITIES, auditWordLabel } from '@spacecapture/shared/audit-events';
import type { TAuditEntry } from '@spacecapture/shared/contracts/admin-console/audit';
import { ADMIN_CONSOLE_MESSAGES } from '@spacecapture/shared/contracts/admin-console/common';
import { formatDateTime } from '@spacecapture/shared/format';
import { type FormEvent, Fragment, useState } from 'react';
import { DataTable } from '../../../components/portal/data-table.tsx';
import { ListState } from '../../../components/portal/list-state.tsx';
import { auditCsvUrl, useAudit } from '../api/get-audit.ts';
import {
  AUDIT_FILTER_KEYS,
  auditActionChoices,
  readAuditFilters,
  type TAuditFilters,
  toAuditSearch,
  validateAuditFilters,
} from '../lib/audit-filters.ts';
import { useUrlParams } from '../lib/use-url-params.ts';
import { AuditEntryDiff } from './audit-entry-diff.tsx';

function actorLabel(entry: TAuditEntry): string {
  if (!entry.actor) return 'System or visitor';
  return entry.actor.email ?? entry.actor.name ?? entry.actor.userId;
}

/** The filter form: edits stay local until Apply, which writes them into the URL. */
function AuditFilters({ applied, onApply }: { applied: TAuditFilters; onApply: (filters: TAuditFilters) => void }) {
  const [draft, setDraft] = useState<TAuditFilters>(applied);
  const [errors, setErrors] = useState<ReturnType<typeof validateAuditFilters>>({});

  function field(key: (typeof AUDIT_FILTER_KEYS)[number]) {
    return {
      value: draft[key] ?? '',
      error: errors[key],
      onChange: (event: { currentTarget: HTMLInputElement | HTMLSelectElement }) => {
        const { value } = event.currentTarget;
        setDraft((current) => ({ ...current, [key]: value }));
        setErrors((current) => ({ ...current, [key]: undefined }));
      },
    };
  }

  /** Choices with the current value kept when a shared link named one outside the list. */
  function choices(values: readonly string[], all: string, current: string | undefined) {
    const listed = current && !values.includes(current) ? [current, ...values] : values;
    return [{ value: '', label: all }, ...listed.map((value) => ({ value, label: auditWordLabel(value) }))];
  }

  function chooseEntity(entity: string) {
    setDraft((current) => {
      // An action the newly chosen entity never records would only find nothing: it is cleared.
      const keepAction = current.action && auditActionChoices(entity || undefined).includes(current.action);
      return { ...current, entity, action: keepAction ? current.action : '' };
    });
    setErrors((current) => ({ ...current, entity: undefined, action: undefined }));
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = validateAuditFilters(draft);
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(draft);
  }

  function onClear() {
    setDraft({});
    setErrors({});
    onApply({});
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Filter audit entries">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
          <NativeSelect
            label="Entity"
            data={choices(AUDIT_ENTITIES, 'All entities', draft.entity)}
            value={draft.entity ?? ''}
            error={errors.entity}
            onChange={(event) => chooseEntity(event.currentTarget.value)}
          />
          <TextInput label="Entity ID" placeholder="The changed record's id" {...field('entityId')} />
          <NativeSelect
            label="Action"
            data={choices(auditActionChoices(draft.entity), 'All actions', draft.action)}
            {...field('action')}
          />
          <TextInput label="Actor" placeholder="Part of a name or e-mail, or a user id" {...field('actor')} />
          <TextInput label="From" type="date" {...field('from')} />
          <TextInput label="To" type="date" {...field('to')} />
        </SimpleGrid>
        <Group gap="sm">
          <Button type="submit">Apply filters</Button>
          <Button variant="default" onClick={onClear}>
            Clear filters
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function AuditRow({ entry }: { entry: TAuditEntry }) {
  const [open, setOpen] = useState(false);
  const detailId = `audit-${entry.id}`;
  return (
    <Fragment>
      <Table.Tr>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.ts)}</Table.Td>
        <Table.Td>{auditWordLabel(entry.entity)}</Table.Td>
        <Table.Td ff="monospace" fz="xs" style={{ wordBreak: 'break-all' }}>
          {entry.entityId}
        </Table.Td>
        <Table.Td>{auditWordLabel(entry.action)}</Table.Td>
        <Table.Td>{actorLabel(entry)}</Table.Td>
        <Table.Td>
          <Button
            size="xs"
            variant="subtle"
            aria-expanded={open}
            aria-controls={detailId}
            aria-label={`${open ? 'Hide' : 'Show'} changes of ${auditWordLabel(entry.entity).toLowerCase()} ${auditWordLabel(entry.action).toLowerCase()} at ${formatDateTime(entry.ts)}`}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? 'Hide changes' : 'Show changes'}
          </Button>
        </Table.Td>
      </Table.Tr>
      {open ? (
        <Table.Tr id={detailId}>
          <Table.Td colSpan={6} bg="var(--mantine-color-default-hover)">
            <AuditEntryDiff before={entry.before} after={entry.after} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </Fragment>
  );
}

/**
 * Rows on one page of the table. The server still answers the latest 100 entries at a time (spec
 * 001 §9); a hundred rows on one page made it 10,000 px tall, so they are shown 25 at a time.
 */
export const AUDIT_ROWS_PER_PAGE = 25;

/** The page asked for in the URL (?page=), within the pages loaded so far. */
function pageFrom(params: URLSearchParams, pageCount: number): number {
  const asked = Number.parseInt(params.get('page') ?? '1', 10);
  return Number.isFinite(asked) ? Math.min(Math.max(asked, 1), Math.max(pageCount, 1)) : 1;
}

/** The audit log (spec 001 §2, §9): the latest 100 entries, filters in the URL, older pages, CSV. */
export function AuditLog() {
  const [params, setParams] = useUrlParams();
  const filters = readAuditFilters(params);
  const filterKey = toAuditSearch(filters).toString();
  const audit = useAudit(filters);
  const items = audit.data?.pages.flatMap((page) => page.items) ?? [];
  const pageCount = Math.ceil(items.length / AUDIT_ROWS_PER_PAGE);
  const page = pageFrom(params, pageCount);
  const firstShown = (page - 1) * AUDIT_ROWS_PER_PAGE;
  const shown = items.slice(firstShown, firstShown + AUDIT_ROWS_PER_PAGE);

  function apply(next: TAuditFilters) {
    setParams((current) => {
      for (const key of AUDIT_FILTER_KEYS) current.delete(key);
      current.delete('page');
      for (const [key, value] of toAuditSearch(next)) current.set(key, value);
    });
  }

  function goTo(next: number) {
    setParams((current) => {
      if (next === 1) current.delete('page');
      else current.set('page', String(next));
    });
  }

  async function showOlder() {
    const loaded = items.length;
    await audit.fetchNextPage();
    // Show the page on which the older entries begin (the last page, if it had room left).
    goTo(Math.floor(loaded / AUDIT_ROWS_PER_PAGE) + 1);
  }

  const body = (
    <ListState
      query={audit}
      count={items.length}
      what="the audit log"
      empty={filterKey ? 'No audit entries match these filters.' : ADMIN_CONSOLE_MESSAGES.empty.audit}
    >
      <DataTable
        label="Audit entries"
        minWidth={820}
        verticalSpacing="sm"
        highlightOnHover
        columns={['Time', 'Entity', 'ID', 'Action', 'Actor', { hidden: 'Changes' }]}
      >
        {shown.map((entry) => (
          <AuditRow key={entry.id} entry={entry} />
        ))}
      </DataTable>
    </ListState>
  );

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <Group justify="space-between" align="center">
          <Title order={2} fz={20}>
            Audit entries
          </Title>
          <Button component="a" href={auditCsvUrl(filters)} download variant="light">
            Export CSV
          </Button>
        </Group>
        {/* Re-mounted when the URL's filters change (Back, a shared link), so the form shows them. */}
        <AuditFilters key={filterKey} applied={filters} onApply={apply} />
        {body}
        {pageCount > 1 ? (
          <Group justify="center">
            <Pagination
              total={pageCount}
              value={page}
              onChange={goTo}
              getControlProps={(control) => ({
                'aria-label':
                  control === 'previous' ? 'Newer entries' : control === 'next' ? 'Older entries' : undefined,
              })}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          </Group>
        ) : null}
        {audit.hasNextPage && page === pageCount ? (
          <Group justify="center">
            <Button variant="default" onClick={() => void showOlder()} loading={audit.isFetchingNextPage}>
              Show older entries
            </Button>
          </Group>
        ) : null}
        {items.length > 0 ? (
          <Text size="sm" c="dimmed" ta="center">
            {pageCount > 1
              ? `Showing ${firstShown + 1}–${firstShown + shown.length} of ${items.length} entries loaded, newest first.`
              : `Showing ${items.length} ${items.length === 1 ? 'entry' : 'entries'}, newest first.`}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
