import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Radio, Stack, Text, TextInput } from '@mantine/core';
import {
  ACCOUNT_TYPE_OPTIONS,
  AUTH_MESSAGES,
  type TAccountType,
  type TSignUpForm,
  ZSignUpForm,
} from '@spacecapture/shared/contracts/auth';
import { Controller, useForm } from 'react-hook-form';
import { NewPasswordFields } from '../../../components/form/new-password-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSignUp } from '../api/sign-up.ts';

type TSignUpFormProps = {
  defaultAccountType: TAccountType;
  /** From the invitation link: the invited address and the token the request carries. */
  invitedEmail: string;
  invitationToken: string;
  onSignedUp: (email: string) => void;
};

/**
 * Sign Up (spec 000 §2, §5, §8): invite-only. Password and confirmation must match (nothing is sent
 * otherwise); the server checks the invitation, the address and the type, and the password's strength.
 */
export function SignUpForm({ defaultAccountType, invitedEmail, invitationToken, onSignedUp }: TSignUpFormProps) {
  const signUp = useSignUp();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TSignUpForm>({
    resolver: zodResolver(ZSignUpForm),
    defaultValues: {
      email: invitedEmail,
      password: '',
      confirmPassword: '',
      accountType: defaultAccountType,
      invitationToken,
    },
  });

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    try {
      const accepted = await signUp.mutateAsync({
        ...values,
        invitationToken: values.invitationToken || undefined,
      });
      notifySuccess({ title: AUTH_MESSAGES.signUpSuccessTitle, message: AUTH_MESSAGES.signUpSuccess });
      onSignedUp(accepted.email);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invite_required') {
        notifyError({
          title: AUTH_MESSAGES.inviteRequiredTitle,
          message: error.message || AUTH_MESSAGES.inviteRequired,
        });
        return;
      }
      if (error instanceof ApiError && error.fields.password) {
        setError('password', { message: error.fields.password });
      }
      notifyError({ title: AUTH_MESSAGES.signUpFailed, message: errorMessage(error, NETWORK_FALLBACK) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Alert color="brand" variant="light" title="Invitation required">
          <Text size="sm">
            A valid invitation email is required to sign up. Your account is tied to the invitation: use the address it
            was sent to.
          </Text>
        </Alert>
        <Controller
          control={control}
          name="accountType"
          render={({ field }) => (
            <Radio.Group
              label="Account type"
              value={field.value}
              onChange={(value) => field.onChange(value as TAccountType)}
              error={errors.accountType?.message}
            >
              <Stack gap={8} mt={6}>
                {ACCOUNT_TYPE_OPTIONS.map((option) => (
                  <Radio key={option.value} value={option.value} label={option.label} />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          required
          readOnly={Boolean(invitedEmail)}
          description={invitedEmail ? 'The address your invitation was sent to.' : undefined}
          error={errors.email?.message}
          {...register('email')}
        />
        <NewPasswordFields
          password={{ registration: register('password'), error: errors.password?.message }}
          confirm={{ registration: register('confirmPassword'), error: errors.confirmPassword?.message }}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          Sign Up
        </Button>
      </Stack>
    </form>
  );
}
