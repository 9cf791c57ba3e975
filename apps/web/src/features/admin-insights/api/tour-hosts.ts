import { type TTourHosts, ZTourHostList } from '@spacecapture/shared/contracts/tour-links';
import { useQuery } from '@tanstack/react-query';
import { endpointQuery, sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { insightsKeys } from './insights-keys.ts';

const TOUR_HOSTS_PATH = '/api/admin/settings/tour-hosts';

/** GET the hosts tour links may point at, and whether each may be framed (decision 233). */
export function useTourHosts() {
  return useQuery(endpointQuery(insightsKeys.tourHosts(), TOUR_HOSTS_PATH, ZTourHostList));
}

/** PUT the whole list: it replaces the saved one (audited, and frame-src follows at once). */
export function useSaveTourHosts() {
  return useRefreshingMutation(insightsKeys.tourHosts(), {
    mutationFn: (hosts: TTourHosts) => sendJson(TOUR_HOSTS_PATH, hosts, ZTourHostList, 'PUT'),
  });
}
