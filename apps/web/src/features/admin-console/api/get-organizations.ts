import { ZAdminCustomerList, ZAdminProviderList } from '@spacecapture/shared/contracts/admin-console/organizations';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { pagedQuery, pagePath } from '../../../lib/api-hooks.ts';
import { CONSOLE_PAGE_SIZE, consoleKeys, type TOrganizationFilters } from './console-keys.ts';

/** One list's page address: ?limit=&q=&cursor=. */
function organizationsPath(path: string, filters: TOrganizationFilters, cursor: string | null) {
  return pagePath(path, { limit: String(CONSOLE_PAGE_SIZE), q: filters.q || undefined }, cursor);
}

/** GET /api/admin/customers?q=&cursor=&limit= → customer organisations, newest first. */
export function useCustomers(filters: TOrganizationFilters) {
  return useInfiniteQuery({
    ...pagedQuery(consoleKeys.customerList(filters), ZAdminCustomerList, (cursor) =>
      organizationsPath('/api/admin/customers', filters, cursor),
    ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/providers?q=&cursor=&limit= → provider organisations, newest first. */
export function useProviders(filters: TOrganizationFilters) {
  return useInfiniteQuery({
    ...pagedQuery(consoleKeys.providerList(filters), ZAdminProviderList, (cursor) =>
      organizationsPath('/api/admin/providers', filters, cursor),
    ),
    placeholderData: keepPreviousData,
  });
}
