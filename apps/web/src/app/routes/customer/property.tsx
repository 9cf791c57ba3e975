import { matchPropertyPath } from '@spacecapture/shared/portal-paths';
import { useLocation } from 'react-router';
import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { PropertyDeliverables } from '../../../features/deliverables/components/property-deliverables.tsx';
import { ShareLinksPanel } from '../../../features/share-links/components/share-links-panel.tsx';
import { useProfile } from '../../../lib/auth/profile-context.ts';
import { normalizePathname } from '../../../lib/page-meta.ts';

/** `/customer/properties/:propertyId`: a property's files across the organisation's orders at one site address (decision 237). */
export function CustomerPropertyRoute() {
  const profile = useProfile();
  const match = matchPropertyPath(normalizePathname(useLocation().pathname));
  if (!match) return null;
  return (
    <PortalPage title="Property" description="Every order of your organization at one address, with its files.">
      <PropertyDeliverables
        key={match.propertyId}
        propertyId={match.propertyId}
        // Share links are for the organisation's admins (decision 137).
        extras={
          profile.role === 'customer_admin' ? <ShareLinksPanel subject={{ propertyId: match.propertyId }} /> : null
        }
      />
    </PortalPage>
  );
}
