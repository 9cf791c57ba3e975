import {
  Alert,
  Button,
  Code,
  CopyButton,
  Group,
  Loader,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { ACCOUNT_MESSAGES, type TTotpEnrolment, ZTwoFactorCodeRequest } from '@spacecapture/shared/contracts/account';
import type { TProfile } from '@spacecapture/shared/contracts/auth';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { TitledCard } from '../../../components/portal/titled-card.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { sessionKeys } from '../../../lib/auth/session-keys.ts';
import { useVerifyTotp } from '../../../lib/auth/verify-two-factor.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useDisableTwoFactor } from '../api/disable-two-factor.ts';
import { useEnableTwoFactor } from '../api/enable-two-factor.ts';

// The QR library loads only when an enrolment starts.
const TotpQrCode = lazy(() => import('./totp-qr-code.tsx'));

/** The base32 secret inside an otpauth:// URI, for typing it into an app that cannot scan. */
export function secretOfTotpUri(uri: string): string {
  try {
    return new URL(uri).searchParams.get('secret') ?? '';
  } catch {
    return '';
  }
}

function failed(error: unknown) {
  notifyError({ title: ACCOUNT_MESSAGES.failedTitle, message: errorMessage(error, NETWORK_FALLBACK) });
}

/** A password confirmation form with one action (start enrolment, or remove the factor). */
function PasswordAction({
  label,
  color,
  pending,
  onConfirm,
}: {
  label: string;
  color?: string;
  pending: boolean;
  onConfirm: (password: string, setError: (message: string) => void) => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!password) {
      setError('Password is required.');
      return;
    }
    setError(null);
    onConfirm(password, setError);
  }
  return (
    <form onSubmit={onSubmit} noValidate>
      <Group align="flex-start" gap="sm">
        <PasswordInput
          label="Password"
          description="Confirm with your password."
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          error={error}
          style={{ flex: '1 1 240px', maxWidth: 360 }}
        />
        <Button type="submit" color={color} loading={pending} mt={{ base: 0, sm: 46 }}>
          {label}
        </Button>
      </Group>
    </form>
  );
}

function Enrolment({
  enrolment,
  onDone,
  onCancel,
}: {
  enrolment: TTotpEnrolment;
  onDone: () => void;
  onCancel: () => void;
}) {
  const verify = useVerifyTotp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const secret = secretOfTotpUri(enrolment.totpURI);
  const codes = enrolment.backupCodes.join('\n');

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = ZTwoFactorCodeRequest.safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.twoFactorCode);
      return;
    }
    setError(null);
    try {
      await verify.mutateAsync(parsed.data.code);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 400) setError(failure.message);
      else failed(failure);
      return;
    }
    onDone();
  }

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="sm">
          <Title order={3} fz={16}>
            1. Scan this QR code with your authenticator app
          </Title>
          <Suspense fallback={<Loader size="sm" aria-label="Loading QR code" />}>
            <TotpQrCode uri={enrolment.totpURI} />
          </Suspense>
          <Text size="sm" c="dimmed">
            Cannot scan it? Enter this key instead:
          </Text>
          <Code style={{ overflowWrap: 'anywhere' }} data-testid="totp-secret">
            {secret}
          </Code>
        </Stack>
        <Stack gap="sm">
          <Title order={3} fz={16}>
            2. Keep your recovery codes
          </Title>
          <Text size="sm" c="dimmed">
            Each code signs you in once if you lose your phone. Store them somewhere safe: they are shown only now.
          </Text>
          <SimpleGrid
            cols={2}
            spacing={6}
            component="ul"
            aria-label="Recovery codes"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {enrolment.backupCodes.map((backupCode) => (
              <li key={backupCode}>
                <Code>{backupCode}</Code>
              </li>
            ))}
          </SimpleGrid>
          <CopyButton value={codes}>
            {({ copied, copy }) => (
              <Button variant="light" size="xs" onClick={copy} w="fit-content">
                {copied ? 'Copied' : 'Copy codes'}
              </Button>
            )}
          </CopyButton>
        </Stack>
      </SimpleGrid>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={3} fz={16}>
            3. Enter the code your app shows
          </Title>
          <Group align="flex-start" gap="sm">
            <TextInput
              label="Authentication code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={error}
              style={{ flex: '0 1 220px' }}
            />
            <Button type="submit" loading={verify.isPending} mt={25}>
              Verify and turn on
            </Button>
            <Button variant="subtle" color="gray" onClick={onCancel} mt={25}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

/**
 * Two-factor authentication with an authenticator app (TOTP): enrol (QR code, recovery codes, a first
 * code to confirm) or remove it. Admins may be required to have it (the server refuses them otherwise).
 */
export function TwoFactorCard({ profile }: { profile: TProfile }) {
  const queryClient = useQueryClient();
  const enable = useEnableTwoFactor();
  const disable = useDisableTwoFactor({
    onSuccess: () =>
      notifySuccess({ title: ACCOUNT_MESSAGES.twoFactorDisabledTitle, message: ACCOUNT_MESSAGES.twoFactorDisabled }),
  });
  const [enrolment, setEnrolment] = useState<TTotpEnrolment | null>(null);
  const enabled = profile.user.twoFactorEnabled;

  function onEnable(password: string, setError: (message: string) => void) {
    enable.mutate(password, {
      onSuccess: setEnrolment,
      onError: (error) => (error instanceof ApiError && error.status === 400 ? setError(error.message) : failed(error)),
    });
  }
  function onDisable(password: string, setError: (message: string) => void) {
    disable.mutate(password, {
      onError: (error) => (error instanceof ApiError && error.status === 400 ? setError(error.message) : failed(error)),
    });
  }
  function onEnrolled() {
    setEnrolment(null);
    notifySuccess({ title: ACCOUNT_MESSAGES.twoFactorEnabledTitle, message: ACCOUNT_MESSAGES.twoFactorEnabled });
    // The profile now says enrolled (and the session was renewed).
    void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
  }

  return (
    <TitledCard
      id="security"
      headingId="security-heading"
      title="Two-factor authentication"
      description={
        enabled
          ? 'On: signing in asks for a code from your authenticator app.'
          : 'Off: add a code from an authenticator app to your sign-in.'
      }
    >
      {profile.mfa.required && !enabled ? (
        <Alert color="yellow" variant="light" title="Required for admins" role="alert">
          {ACCOUNT_MESSAGES.mfaRequired}
        </Alert>
      ) : null}
      {enrolment ? (
        <Enrolment enrolment={enrolment} onDone={onEnrolled} onCancel={() => setEnrolment(null)} />
      ) : enabled ? (
        <PasswordAction
          label="Turn off two-factor authentication"
          color="red"
          pending={disable.isPending}
          onConfirm={onDisable}
        />
      ) : (
        <PasswordAction label="Set up two-factor authentication" pending={enable.isPending} onConfirm={onEnable} />
      )}
    </TitledCard>
  );
}
