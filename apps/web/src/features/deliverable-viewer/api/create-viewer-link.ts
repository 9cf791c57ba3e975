import { ZDownloadLink } from '@spacecapture/shared/contracts/customer-portal';
import type { TPortal } from '@spacecapture/shared/roles';
import { apiRequest } from '../../../lib/api-client.ts';

const LINK_PATHS: Record<TPortal, (fileId: string) => string> = {
  customer: (id) => `/api/customer/deliverables/${id}/link`,
  provider: (id) => `/api/provider/files/${id}/link`,
  admin: (id) => `/api/admin/deliverables/${id}/link`,
};

/** POST …/:id/link → { url, expiresAt }: a signed link to one file, valid 300 seconds. */
export function createViewerLink(portal: TPortal, fileId: string) {
  return apiRequest(LINK_PATHS[portal](encodeURIComponent(fileId)), {
    method: 'POST',
    json: {},
    schema: ZDownloadLink,
  });
}
