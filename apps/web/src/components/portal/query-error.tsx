import { Alert, Anchor, Button, Group, Text } from '@mantine/core';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { ApiError } from '../../lib/api-client.ts';
import { errorMessage, NETWORK_FALLBACK } from '../../lib/notify.ts';
import { AppLink } from '../ui/app-link.tsx';

type TQueryErrorProps = { error: unknown; onRetry?: () => void; what?: string };

/** A list or detail that could not be read: the server's message and a retry (never a silent empty list). */
export function QueryError({ error, onRetry, what = 'this' }: TQueryErrorProps) {
  const mfaRequired = error instanceof ApiError && error.code === 'mfa_required';
  return (
    <Alert color="red" title={`Could not load ${what}`} role="alert">
      <Text size="sm">{errorMessage(error, NETWORK_FALLBACK)}</Text>
      <Group mt="sm" gap="sm">
        {mfaRequired ? (
          <Anchor component={AppLink} to={`${PORTAL_PATHS.account}#security`} size="sm">
            Set up two-factor authentication
          </Anchor>
        ) : null}
        {onRetry && !mfaRequired ? (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
