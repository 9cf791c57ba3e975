import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Group, Paper, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  ACCOUNT_MESSAGES,
  type TChangePasswordForm,
  ZChangePasswordForm,
} from '@spacecapture/shared/contracts/account';
import { STRONG_PASSWORD_MIN_LENGTH } from '@spacecapture/shared/password-policy';
import { useForm } from 'react-hook-form';
import { NewPasswordFields } from '../../../components/form/new-password-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useChangePassword } from '../api/change-password.ts';

const EMPTY: TChangePasswordForm = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
  revokeOtherSessions: true,
};

/** Change the password with the current one; optionally sign out the other devices. */
export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TChangePasswordForm>({ resolver: zodResolver(ZChangePasswordForm), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword, revokeOtherSessions }) => {
    try {
      await changePassword.mutateAsync({ currentPassword, newPassword, revokeOtherSessions });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'weak_password') {
        setError('newPassword', { message: error.message }, { shouldFocus: true });
        return;
      }
      if (error instanceof ApiError && error.code === 'invalid_password') {
        setError('currentPassword', { message: error.message }, { shouldFocus: true });
        return;
      }
      notifyError({ title: ACCOUNT_MESSAGES.failedTitle, message: errorMessage(error, NETWORK_FALLBACK) });
      return;
    }
    reset(EMPTY);
    notifySuccess({ title: ACCOUNT_MESSAGES.passwordChangedTitle, message: ACCOUNT_MESSAGES.passwordChanged });
  });

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="password-heading">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} fz={20} id="password-heading">
              Password
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              Use at least {STRONG_PASSWORD_MIN_LENGTH} characters, not your email address.
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            <PasswordInput
              label="Current Password"
              autoComplete="current-password"
              required
              error={errors.currentPassword?.message}
              {...register('currentPassword')}
            />
            <NewPasswordFields
              passwordLabel="New Password"
              confirmLabel="Confirm New Password"
              password={{ registration: register('newPassword'), error: errors.newPassword?.message }}
              confirm={{ registration: register('confirmPassword'), error: errors.confirmPassword?.message }}
            />
          </SimpleGrid>
          <Checkbox label="Sign out of my other devices" {...register('revokeOtherSessions')} />
          <Group>
            <Button type="submit" loading={isSubmitting}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
