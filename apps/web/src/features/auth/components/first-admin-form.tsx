import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { ACCOUNT_MESSAGES, type TSetupAdminForm, ZSetupAdminForm } from '@spacecapture/shared/contracts/account';
import { useForm } from 'react-hook-form';
import { NewPasswordFields } from '../../../components/form/new-password-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSetupAdmin } from '../api/setup-admin.ts';
import { useSignInEmail } from '../api/sign-in-email.ts';

type TFirstAdminFormProps = { setupToken: string; onSignedIn: () => Promise<void>; onCreated: (email: string) => void };

/**
 * "Create the first admin" (the one-time link the server prints when no admin exists): creates the
 * master admin, then signs in with the same credentials and goes to the admin portal; only if
 * that sign-in fails is the admin asked to sign in.
 */
export function FirstAdminForm({ setupToken, onSignedIn, onCreated }: TFirstAdminFormProps) {
  const setupAdmin = useSetupAdmin();
  const signIn = useSignInEmail();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TSetupAdminForm>({
    resolver: zodResolver(ZSetupAdminForm),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    try {
      await setupAdmin.mutateAsync({ token: setupToken, email, password });
    } catch (error) {
      if (error instanceof ApiError && error.fields.password) setError('password', { message: error.fields.password });
      notifyError({ title: ACCOUNT_MESSAGES.failedTitle, message: errorMessage(error, NETWORK_FALLBACK) });
      return;
    }
    let signedIn = false;
    try {
      const result = await signIn.mutateAsync({ email, password });
      signedIn = !('twoFactorRedirect' in result);
    } catch {
      signedIn = false;
    }
    // The toast says what happened: signed in (and on the way to the admin portal), or not.
    notifySuccess({
      title: ACCOUNT_MESSAGES.adminCreatedTitle,
      message: signedIn ? ACCOUNT_MESSAGES.adminCreatedSignedIn : ACCOUNT_MESSAGES.adminCreated,
    });
    if (signedIn) await onSignedIn();
    else onCreated(email);
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={2} fz={20}>
            Create the first admin
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            No admin account exists yet. This one-time link creates the master admin.
          </Text>
        </div>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <NewPasswordFields
          password={{ registration: register('password'), error: errors.password?.message }}
          confirm={{ registration: register('confirmPassword'), error: errors.confirmPassword?.message }}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          Create admin
        </Button>
      </Stack>
    </form>
  );
}
