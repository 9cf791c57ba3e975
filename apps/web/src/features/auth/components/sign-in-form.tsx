import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { AUTH_MESSAGES, type TSignInRequest, ZSignInRequest } from '@spacecapture/shared/contracts/auth';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { useForm } from 'react-hook-form';
import { AppLink } from '../../../components/ui/app-link.tsx';
import { errorMessage, NETWORK_FALLBACK, notifyError } from '../../../lib/notify.ts';
import { useSignInEmail } from '../api/sign-in-email.ts';

type TSignInFormProps = {
  intent: string;
  defaultEmail: string;
  /** Signed in: go on. */
  onSignedIn: () => Promise<void>;
  /** The account has a second factor: ask for it. */
  onSecondFactor: () => void;
};

/** Sign In (spec 000 §2): email and password; a failure shows "Sign in failed" with the message. */
export function SignInForm({ intent, defaultEmail, onSignedIn, onSecondFactor }: TSignInFormProps) {
  const signIn = useSignInEmail();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TSignInRequest>({
    resolver: zodResolver(ZSignInRequest),
    defaultValues: { email: defaultEmail, password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const result = await signIn.mutateAsync(values);
      if ('twoFactorRedirect' in result) {
        onSecondFactor();
        return;
      }
      await onSignedIn();
    } catch (error) {
      notifyError({ title: AUTH_MESSAGES.signInFailed, message: errorMessage(error, NETWORK_FALLBACK) });
    }
  });

  return (
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
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...register('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={AppLink} to={`${PORTAL_PATHS.authForgotPassword}?intent=${intent}`} size="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" loading={isSubmitting} fullWidth>
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
