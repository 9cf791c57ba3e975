import { matchDeliverableViewerPath } from '@spacecapture/shared/portal-paths';
import { useLocation } from 'react-router';
import { DeliverableViewerPage } from '../../../features/deliverable-viewer/components/deliverable-viewer-page.tsx';
import { normalizePathname } from '../../../lib/page-meta.ts';

/** `<portal>/orders/:orderId/files/:fileId` in the customer, provider and admin portals. */
export function DeliverableRoute() {
  const match = matchDeliverableViewerPath(normalizePathname(useLocation().pathname));
  if (!match) return null;
  return <DeliverableViewerPage portal={match.portal} orderId={match.orderId} fileId={match.fileId} />;
}
