import { Group, NativeSelect } from '@mantine/core';
import { TRIAGE_FILTERS } from '@spacecapture/shared/contracts/admin-workflow';
import { SearchBox } from '../../../components/portal/search-box.tsx';
import { readSearch, useListParams } from '../../../lib/list-params.ts';
import type { TTriageFilters } from '../api/workflow-keys.ts';

/** Where a triage list keeps its filters in the URL: both lists share the page, so each has its own names. */
type TTriageParams = { status: string; q: string };

export const LEAD_PARAMS: TTriageParams = { status: 'leadStatus', q: 'leadQ' };
export const APPLICATION_PARAMS: TTriageParams = { status: 'applicationStatus', q: 'applicationQ' };

function labelOfFilter(value: string) {
  if (value === 'open') return 'Open (needs action)';
  if (value === 'all') return 'All';
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/** A triage list's filters from the URL: a known status, "open" (the default) or "all", and the search. */
export function useTriageFilters(names: TTriageParams, statuses: readonly string[]) {
  const { params, update } = useListParams();
  const status = params.get(names.status) ?? '';
  const filters: TTriageFilters = {
    status: [...TRIAGE_FILTERS, ...statuses].includes(status) ? status : 'open',
    q: readSearch(params, names.q),
  };
  return {
    filters,
    setStatus: (value: string) => update({ [names.status]: value === 'open' ? null : value }),
    setSearch: (value: string) => update({ [names.q]: value }, { replace: true }),
  };
}

type TTriageFilterBarProps = {
  what: string;
  placeholder: string;
  statuses: readonly string[];
  filters: TTriageFilters;
  setStatus: (value: string) => void;
  setSearch: (value: string) => void;
};

/** The status filter (open items first by default) and the search of one triage list. */
export function TriageFilterBar({ what, placeholder, statuses, filters, setStatus, setSearch }: TTriageFilterBarProps) {
  return (
    <Group align="flex-end" gap="sm">
      <SearchBox label={`Search ${what}`} placeholder={placeholder} value={filters.q} onSearch={setSearch} />
      <NativeSelect
        label={`Show ${what}`}
        data={[...TRIAGE_FILTERS, ...statuses].map((value) => ({ value, label: labelOfFilter(value) }))}
        value={filters.status}
        onChange={(event) => setStatus(event.currentTarget.value)}
      />
    </Group>
  );
}

/** What an empty triage list says: the spec's words for no items at all, else what the filters left out. */
export function emptyTriageText(filters: TTriageFilters, what: string, none: string) {
  if (filters.q || (filters.status !== 'open' && filters.status !== 'all')) return `No ${what} match these filters.`;
  return filters.status === 'open' ? `No open ${what}. Choose "All" to see handled ones.` : none;
}
