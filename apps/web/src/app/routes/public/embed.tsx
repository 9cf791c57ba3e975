import { PATHS } from '@spacecapture/shared/paths';
import { DeliverableViewer } from '../../../features/deliverable-viewer/deliverable-viewer.tsx';
import { SharedOrderPage } from '../../../features/share-links/components/shared-order-page.tsx';
import { AppProviders } from '../../providers/app-providers.tsx';

/**
 * /embed/:token: a share link's page made to sit in another site's iframe (decision 224). The
 * server lets only the sites listed on the link frame it; the first file opens in the viewer.
 */
export function EmbedRoute() {
  // Read from the address, as the share page does, to keep the router out of this chunk.
  const token = decodeURIComponent(window.location.pathname.slice(`${PATHS.embed}/`.length).split('/')[0] ?? '');
  return (
    <AppProviders>
      <SharedOrderPage token={token} embedded renderViewer={(props) => <DeliverableViewer {...props} />} />
    </AppProviders>
  );
}
