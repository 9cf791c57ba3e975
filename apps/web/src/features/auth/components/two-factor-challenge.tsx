import { Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { ACCOUNT_MESSAGES, ZBackupCodeRequest, ZTwoFactorCodeRequest } from '@spacecapture/shared/contracts/account';
import { AUTH_MESSAGES } from '@spacecapture/shared/contracts/auth';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useVerifyTotp } from '../../../lib/auth/verify-two-factor.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useVerifyBackupCode } from '../api/verify-backup-code.ts';

type TTwoFactorChallengeProps = { onSignedIn: () => Promise<void>; onCancel: () => void };

/** The second step of a sign-in with TOTP: a code from the app, or one of the recovery codes. */
export function TwoFactorChallenge({ onSignedIn, onCancel }: TTwoFactorChallengeProps) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verifyTotp = useVerifyTotp();
  const verifyBackup = useVerifyBackupCode();
  const pending = verifyTotp.isPending || verifyBackup.isPending;
  const inputRef = useRef<HTMLInputElement>(null);

  // The step replaces the sign-in form: move focus to its field (and again when switching code kind).
  // biome-ignore lint/correctness/useExhaustiveDependencies: useRecovery is the trigger.
  useEffect(() => {
    inputRef.current?.focus();
  }, [useRecovery]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = (useRecovery ? ZBackupCodeRequest : ZTwoFactorCodeRequest).safeParse({ code });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? ACCOUNT_MESSAGES.twoFactorCode);
      return;
    }
    setError(null);
    try {
      if (useRecovery) await verifyBackup.mutateAsync(parsed.data.code);
      else await verifyTotp.mutateAsync(parsed.data.code);
      await onSignedIn();
    } catch (failure) {
      notifyError({ title: AUTH_MESSAGES.signInFailed, message: errorMessage(failure, NETWORK_FALLBACK) });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={2} fz={20}>
            Two-factor authentication
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {useRecovery ? ACCOUNT_MESSAGES.backupCodeRequired : ACCOUNT_MESSAGES.twoFactorCode}
          </Text>
        </div>
        <TextInput
          key={useRecovery ? 'recovery' : 'totp'}
          label={useRecovery ? 'Recovery code' : 'Authentication code'}
          inputMode={useRecovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          maxLength={useRecovery ? 64 : 6}
          ref={inputRef}
          value={code}
          onChange={(event) => setCode(event.currentTarget.value)}
          error={error}
        />
        <Button type="submit" loading={pending} fullWidth>
          Verify
        </Button>
        <Group justify="space-between">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              setUseRecovery((current) => !current);
              setCode('');
              setError(null);
            }}
          >
            {useRecovery ? 'Use your authenticator app' : 'Use a recovery code'}
          </Anchor>
          <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onCancel}>
            Back to sign in
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
