import { useParams } from 'react-router';
import { SharedOrderPage } from '../../../features/share-links/components/shared-order-page.tsx';
import { AppProviders } from '../../providers/app-providers.tsx';

/**
 * /share/:token: a share link's page, for visitors without an account. Its own lazy chunk with
 * its own providers, so neither it nor Mantine reaches the landing page's bundle.
 */
export function ShareRoute() {
  const { token = '' } = useParams();
  return (
    <AppProviders>
      {/*
        VIEWER SLOT: pass the deliverable viewer here to give each file a "View" action, e.g.
        renderViewer={(props) => <DeliverableViewer {...props} />}
        (DeliverableViewer from features/deliverable-viewer, loaded lazily).
      */}
      <SharedOrderPage token={token} />
    </AppProviders>
  );
}
