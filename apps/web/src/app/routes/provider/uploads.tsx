import { useQueryClient } from '@tanstack/react-query';
import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { reviewKeys } from '../../../features/delivery-review/api/review-keys.ts';
import { ProviderReviewPanel } from '../../../features/delivery-review/components/provider-review-panel.tsx';
import { UploadsScreen } from '../../../features/uploads/components/uploads-screen.tsx';

export function ProviderUploadsRoute() {
  const queryClient = useQueryClient();
  return (
    <PortalPage title="Uploads" description="Upload deliverable files for your accepted assignments.">
      <UploadsScreen
        orderExtras={(orderId) => <ProviderReviewPanel orderId={orderId} />}
        onOrderFilesChanged={(orderId) =>
          void queryClient.invalidateQueries({ queryKey: reviewKeys.review('provider', orderId) })
        }
      />
    </PortalPage>
  );
}
