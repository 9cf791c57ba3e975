import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  INVITATION_MESSAGES,
  type TCreateInvitationRequest,
  type TInvitation,
  ZCreateInvitationRequest,
} from '@spacecapture/shared/contracts/invitations';
import { fieldMessages } from '@spacecapture/shared/errors';
import {
  INVITABLE_ROLES,
  ORG_TYPES,
  orgTypeOfRole,
  type TInvitableRole,
  type TOrgType,
} from '@spacecapture/shared/roles';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.ts';
import { formatRole } from '../../../lib/auth/roles-text.ts';
import { errorMessage, notifyError } from '../../../lib/notify.ts';
import { useOrganizationOptions } from '../../../resources/admin/get-organization-options.ts';
import { useCreateInvitation } from '../api/create-invitation.ts';
import { CopyInvitationLink } from './copy-invitation-link.tsx';

type TOrgMode = 'existing' | 'new';
type TInviteFormValues = {
  email: string;
  orgType: TOrgType;
  roleSuggested: TInvitableRole;
  orgMode: TOrgMode;
  orgId: string;
  orgName: string;
};

const DEFAULTS: TInviteFormValues = {
  email: '',
  orgType: 'customer',
  roleSuggested: 'customer_admin',
  orgMode: 'existing',
  orgId: '',
  orgName: '',
};

const ORG_TYPE_LABELS: Record<TOrgType, string> = { customer: 'Customer', provider: 'Provider' };

function toRequest(values: TInviteFormValues): TCreateInvitationRequest {
  return {
    email: values.email,
    orgType: values.orgType,
    roleSuggested: values.roleSuggested,
    organization: values.orgMode === 'existing' ? { id: values.orgId } : { name: values.orgName },
  };
}

/** Where a message about a request field goes in this form. */
function formFieldOf(field: string, orgMode: TOrgMode): keyof TInviteFormValues | null {
  if (field === 'email' || field === 'orgType' || field === 'roleSuggested') return field;
  if (field.startsWith('organization')) return orgMode === 'existing' ? 'orgId' : 'orgName';
  return null;
}

/**
 * The admin's invite form (spec 001 §2 /admin/invitations, §5): email, organisation type, suggested
 * role among the four, and the organisation (an existing one of that type, or a new one by name).
 */
export function CreateInvitationForm() {
  const createInvitation = useCreateInvitation();
  /** The invitation just sent, whose link the admin may copy (decision 091). */
  const [created, setCreated] = useState<TInvitation | null>(null);
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    setError,
    reset,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<TInviteFormValues>({ defaultValues: DEFAULTS });
  const orgType = watch('orgType');
  const chosenMode = watch('orgMode');
  const options = useOrganizationOptions(orgType);
  const organizations = options.data?.items ?? [];
  // A type without organisations (a fresh install) can only get a new one: derived on every render,
  // so it holds whichever type was chosen last and whatever was cached.
  const onlyNew = options.isSuccess && organizations.length === 0;
  const orgMode: TOrgMode = onlyNew ? 'new' : chosenMode;

  const onSubmit = handleSubmit(async (submitted) => {
    const values = { ...submitted, orgMode };
    if (values.orgMode === 'existing' && !values.orgId) {
      setError('orgId', { message: INVITATION_MESSAGES.orgRequired }, { shouldFocus: true });
      return;
    }
    const parsed = ZCreateInvitationRequest.safeParse(toRequest(values));
    if (!parsed.success) {
      for (const [field, message] of Object.entries(fieldMessages(parsed.error.issues))) {
        const target = formFieldOf(field, values.orgMode);
        if (target) setError(target, { message });
      }
      return;
    }
    try {
      const invitation = await createInvitation.mutateAsync(parsed.data);
      setCreated(invitation);
      reset({ ...values, email: '', orgName: '', orgId: values.orgMode === 'new' ? '' : values.orgId });
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields)) {
          const target = formFieldOf(field, values.orgMode);
          if (target) setError(target, { message });
        }
      }
      notifyError({
        title: INVITATION_MESSAGES.failedTitle,
        message: errorMessage(error, INVITATION_MESSAGES.sendFallback),
      });
    }
  });

  return (
    <Paper component="form" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title order={2} fz={20}>
          Invite someone
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            placeholder="name@company.com"
            required
            error={errors.email?.message}
            {...register('email')}
          />
          <NativeSelect
            label="Organization type"
            data={ORG_TYPES.map((type) => ({ value: type, label: ORG_TYPE_LABELS[type] }))}
            error={errors.orgType?.message}
            {...register('orgType', {
              onChange: (event) => {
                const type = event.target.value as TOrgType;
                if (orgTypeOfRole(getValues('roleSuggested')) !== type) {
                  setValue('roleSuggested', type === 'provider' ? 'provider_admin' : 'customer_admin');
                }
                setValue('orgId', '');
                setValue('orgMode', 'existing');
              },
            })}
          />
          <NativeSelect
            label="Suggested role"
            data={INVITABLE_ROLES.map((role) => ({ value: role, label: formatRole(role) }))}
            error={errors.roleSuggested?.message}
            {...register('roleSuggested', {
              onChange: (event) => {
                const type = orgTypeOfRole(event.target.value as TInvitableRole);
                if (getValues('orgType') !== type) {
                  setValue('orgType', type);
                  setValue('orgId', '');
                  setValue('orgMode', 'existing');
                }
              },
            })}
          />
        </SimpleGrid>
        <Stack gap={6}>
          <Text size="sm" fw={500} id="invite-organization-label">
            Organization
          </Text>
          <Controller
            control={control}
            name="orgMode"
            render={({ field }) => (
              <SegmentedControl
                aria-labelledby="invite-organization-label"
                value={orgMode}
                onChange={(value) => field.onChange(value as TOrgMode)}
                data={[
                  { value: 'existing', label: 'Existing organization', disabled: onlyNew },
                  { value: 'new', label: 'New organization' },
                ]}
                maw={420}
              />
            )}
          />
          {orgMode === 'existing' ? (
            <NativeSelect
              label="Existing organization"
              data={[
                { value: '', label: options.isPending ? 'Loading...' : 'Choose an organization' },
                ...organizations.map((org) => ({ value: org.id, label: org.name })),
              ]}
              error={errors.orgId?.message}
              maw={420}
              {...register('orgId')}
            />
          ) : (
            <TextInput
              label="New organization name"
              placeholder="Acme Real Estate"
              error={errors.orgName?.message}
              maw={420}
              {...register('orgName')}
            />
          )}
        </Stack>
        <Group>
          <Button type="submit" loading={isSubmitting}>
            Send Invitation
          </Button>
        </Group>
        {created ? (
          <Alert variant="light" color="teal" title={`Invitation for ${created.email}`}>
            <Group justify="space-between" align="flex-start" gap="md">
              <Text size="sm" maw={420}>
                The link is in the invitation e-mail. To pass it on yourself, copy it here.
              </Text>
              <CopyInvitationLink key={created.id} invitation={created} />
            </Group>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
