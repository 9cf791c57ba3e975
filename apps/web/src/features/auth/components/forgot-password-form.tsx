import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { ACCOUNT_MESSAGES, ZForgotPasswordRequest } from '@spacecapture/shared/contracts/account';
import { PATHS } from '@spacecapture/shared/paths';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';

/**
 * "Forgot password?": asks for a reset link. The answer is always the same, so the form never
 * reveals whether an account exists; only an unreachable server is reported.
 */
export function ForgotPasswordForm({ intent }: { intent: string }) {
  const [sent, setSent] = useState(false);
  const requestReset = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ resolver: zodResolver(ZForgotPasswordRequest), defaultValues: { email: '' } });
  const backToSignIn = `${PATHS.auth}?intent=${intent}`;

  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      await requestReset.mutateAsync(email);
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) {
        notifyError({ title: ACCOUNT_MESSAGES.failedTitle, message: NETWORK_FALLBACK });
        return;
      }
      // Any answer from the server ends the same way.
    }
    setSent(true);
  });

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={{ base: 26, sm: 30 }} c="var(--color-heading)">
          Forgot password?
        </Title>
        <Text c="dimmed" mt={6}>
          Enter the email of your account and we will send you a link to choose a new password.
        </Text>
      </div>
      {sent ? (
        <Alert color="teal" variant="light" title={ACCOUNT_MESSAGES.resetRequestedTitle} role="status">
          {ACCOUNT_MESSAGES.resetRequested}
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              error={errors.email?.message}
              {...register('email')}
            />
            <Button type="submit" loading={isSubmitting} fullWidth>
              Send reset link
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={AppLink} to={backToSignIn} size="sm">
        Back to sign in
      </Anchor>
    </Stack>
  );
}
