import { PATHS } from '@spacecapture/shared/paths';
import { DeliverableViewer } from '../../../features/deliverable-viewer/deliverable-viewer.tsx';
import { SharedOrderPage } from '../../../features/share-links/components/shared-order-page.tsx';
import { AppProviders } from '../../providers/app-providers.tsx';

/**
 * /share/:token: a share link's page, for visitors without an account. Its own lazy chunk with
 * its own providers, so neither it nor Mantine reaches the landing page's bundle.
 */
export function ShareRoute() {
  // Read from the address rather than the router's params: importing the router here would
  // re-split the chunks the landing page shares with the portals.
  const token = decodeURIComponent(window.location.pathname.slice(`${PATHS.share}/`.length).split('/')[0] ?? '');
  return (
    <AppProviders>
      {/* Each file's View opens the same viewer as the portals', in the page. */}
      <SharedOrderPage token={token} renderViewer={(props) => <DeliverableViewer {...props} />} />
    </AppProviders>
  );
}
