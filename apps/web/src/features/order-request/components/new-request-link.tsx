import { Button } from '@mantine/core';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { AppLink } from '../../../components/ui/app-link.tsx';

/** "New Request" at the top of the customer's pages: ordering is one click from where they look. */
export function NewRequestLink() {
  return (
    <Button component={AppLink} to={PORTAL_PATHS.customer.newRequest}>
      New Request
    </Button>
  );
}
