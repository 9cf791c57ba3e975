import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Center, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  AUTH_MESSAGES,
  INVITED_ROLE_LABELS,
  type TInvitationPreview,
  type TSignUpForm,
  ZSignUpForm,
} from '@spacecapture/shared/contracts/auth';
import { PORTAL_PATHS } from '@spacecapture/shared/portal-paths';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { NewPasswordFields } from '../../../components/form/new-password-fields.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage, NETWORK_FALLBACK, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useInvitation } from '../api/get-invitation.ts';
import { useSignUp } from '../api/sign-up.ts';

type TJoinFormProps = {
  invitationToken: string;
  /** Where the new account goes once signed in: `next` (the waiting quote), else its portal's home. */
  onJoined: (next: string | null) => Promise<void>;
};

const ORG_TYPE_LABELS = { customer: 'Customer', provider: 'Provider' } as const;

/**
 * The invitation link's join page (decision 199): the invitation names the address, the
 * organisation and the account type; the person adds their name and password and is signed in.
 * A link that no longer works says why and changes nothing.
 */
export function JoinForm({ invitationToken, onJoined }: TJoinFormProps) {
  const invitation = useInvitation(invitationToken);
  if (invitation.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Reading your invitation" />
      </Center>
    );
  }
  if (invitation.isError) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" title="This invitation cannot be used" role="alert">
          <Text size="sm">{errorMessage(invitation.error, NETWORK_FALLBACK)}</Text>
        </Alert>
        <Anchor component={Link} to="/auth" size="sm">
          Go to sign in
        </Anchor>
      </Stack>
    );
  }
  return (
    <JoinDetails
      invitationToken={invitationToken}
      preview={invitation.data}
      onJoined={onJoined}
      onRefused={() => invitation.refetch()}
    />
  );
}

function JoinDetails({
  invitationToken,
  preview,
  onJoined,
  onRefused,
}: TJoinFormProps & { preview: TInvitationPreview; onRefused: () => Promise<unknown> }) {
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TSignUpForm>({
    resolver: zodResolver(ZSignUpForm),
    defaultValues: { name: '', password: '', confirmPassword: '' },
  });
  const { organization, waitingQuote } = preview;
  const where = organization?.name ?? 'SpaceCapture';

  const onSubmit = handleSubmit(async ({ name, password }) => {
    try {
      await signUp.mutateAsync({ invitationToken, name, password });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'invite_required') {
        // Used, withdrawn or expired meanwhile: the page shows which.
        await onRefused();
        return;
      }
      if (error instanceof ApiError && error.fields.password) setError('password', { message: error.fields.password });
      if (error instanceof ApiError && error.fields.name) setError('name', { message: error.fields.name });
      notifyError({ title: AUTH_MESSAGES.signUpFailed, message: errorMessage(error, NETWORK_FALLBACK) });
      return;
    }
    notifySuccess({
      title: AUTH_MESSAGES.joinedTitle,
      message: waitingQuote ? AUTH_MESSAGES.joinedWithQuote : AUTH_MESSAGES.joined,
    });
    await onJoined(waitingQuote ? PORTAL_PATHS.customer.quotes : null);
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <div>
          <Title order={2} fz={20}>
            Join {where}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {preview.invitedBy ? `${preview.invitedBy} invited you` : 'You were invited'} to join {where}. Choose your
            name and password: your account is ready at once, and you are signed in.
          </Text>
        </div>
        {waitingQuote ? (
          <Alert color="brand" variant="light" title="A quote is waiting for you">
            <Text size="sm">
              The quote for “{waitingQuote.orderTitle}” is ready. Once you have joined, you can accept or decline it.
            </Text>
          </Alert>
        ) : null}
        <TextInput
          label="Email"
          value={preview.email}
          readOnly
          description="The address your invitation was sent to."
        />
        {organization ? <TextInput label="Organisation" value={organization.name} readOnly /> : null}
        <TextInput
          label="Account type"
          value={`${organization ? `${ORG_TYPE_LABELS[organization.type]}: ` : ''}${INVITED_ROLE_LABELS[preview.role]}`}
          readOnly
        />
        <TextInput label="Name" autoComplete="name" required error={errors.name?.message} {...register('name')} />
        <NewPasswordFields
          password={{ registration: register('password'), error: errors.password?.message }}
          confirm={{ registration: register('confirmPassword'), error: errors.confirmPassword?.message }}
        />
        <Button type="submit" loading={isSubmitting} fullWidth>
          Join and sign in
        </Button>
      </Stack>
    </form>
  );
}
