import { ZDownloadLink } from '@spacecapture/shared/contracts/customer-portal';
import type { TPortal } from '@spacecapture/shared/roles';
import { sendJson } from '../../../lib/api-hooks.ts';

const LINK_PATHS: Record<TPortal, (fileId: string) => string> = {
  // The customer's viewer link is not held back by an unpaid invoice (decisions 211, 239).
  customer: (id) => `/api/customer/deliverables/${id}/view-link`,
  provider: (id) => `/api/provider/files/${id}/link`,
  admin: (id) => `/api/admin/deliverables/${id}/link`,
};

/** POST …/:id/link → { url, expiresAt }: a signed link to one file, valid 300 seconds. */
export function createViewerLink(portal: TPortal, fileId: string) {
  return sendJson(LINK_PATHS[portal](encodeURIComponent(fileId)), {}, ZDownloadLink);
}
