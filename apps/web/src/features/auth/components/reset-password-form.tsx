import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { ACCOUNT_MESSAGES, type TResetPasswordForm, ZResetPasswordForm } from '@spacecapture/shared/contracts/account';
import { PATHS } from '@spacecapture/shared/paths';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { NewPasswordFields } from '../../../components/form/new-password-fields.tsx';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useResetPassword } from '../api/reset-password.ts';

/**
 * The e-mailed reset link lands here with ?token= (or ?error= when the link was not valid): a new
 * password, confirmed; on success every session ends and the person signs in again.
 */
export function ResetPasswordForm({ token, linkError }: { token: string; linkError: boolean }) {
  const navigate = useNavigate();
  const resetPassword = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TResetPasswordForm>({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    try {
      await resetPassword.mutateAsync({ newPassword, token });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'weak_password') {
        setError('newPassword', { message: error.message }, { shouldFocus: true });
        return;
      }
      notifyError({ title: ACCOUNT_MESSAGES.linkInvalidTitle, message: errorMessage(error, NETWORK_FALLBACK) });
      return;
    }
    notifySuccess({ title: ACCOUNT_MESSAGES.passwordResetTitle, message: ACCOUNT_MESSAGES.passwordReset });
    navigate(PATHS.auth, { replace: true });
  });

  const invalid = linkError || !token;
  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={{ base: 26, sm: 30 }} c="var(--color-heading)">
          Choose a new password
        </Title>
        <Text c="dimmed" mt={6}>
          Setting a new password signs you out on every device.
        </Text>
      </div>
      {invalid ? (
        <Alert color="red" variant="light" title={ACCOUNT_MESSAGES.linkInvalidTitle} role="alert">
          <Text size="sm">{ACCOUNT_MESSAGES.linkInvalid}</Text>
          <Anchor component={AppLink} to={PORTAL_PATHS.authForgotPassword} size="sm">
            Request a new link
          </Anchor>
        </Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <NewPasswordFields
              passwordLabel="New Password"
              password={{ registration: register('newPassword'), error: errors.newPassword?.message }}
              confirm={{ registration: register('confirmPassword'), error: errors.confirmPassword?.message }}
            />
            <Button type="submit" loading={isSubmitting} fullWidth>
              Reset password
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={AppLink} to={PATHS.auth} size="sm">
        Back to sign in
      </Anchor>
    </Stack>
  );
}
