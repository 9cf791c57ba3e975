import { zodResolver } from '@hookform/resolvers/zod';
import { NativeSelect, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import {
  type TCaptureRequest,
  type TCaptureRequestInput,
  ZCaptureRequest,
} from '@spacecapture/shared/contracts/public-forms';
import {
  CAPTURE_TYPE_OPTIONS,
  SPACE_SIZE_OPTIONS,
  SPACE_TYPE_OPTIONS,
  TIMELINE_OPTIONS,
} from '@spacecapture/shared/enums';
import { FORM_POSTS } from '@spacecapture/shared/form-posts';
import { TOASTS } from '@spacecapture/shared/messages';
import { useForm } from 'react-hook-form';
import { HoneypotField } from '../../../components/form/honeypot-field.tsx';
import { SuccessPanel } from '../../../components/form/success-panel.tsx';
import { TermsAndSubmit } from '../../../components/form/terms-and-submit.tsx';
import { usePublicFormSubmit } from '../../../components/form/use-public-form-submit.ts';
import { useSubmitCaptureRequest } from '../api/submit-capture-request.ts';

const FIELDS = [
  'name',
  'email',
  'phone',
  'companyName',
  'spaceType',
  'location',
  'spaceSize',
  'captureType',
  'timeline',
  'additionalInfo',
  'terms',
  'website',
] as const satisfies readonly (keyof TCaptureRequestInput)[];

const DEFAULT_VALUES: Partial<TCaptureRequestInput> = {
  name: '',
  email: '',
  phone: '',
  companyName: '',
  spaceType: '',
  location: '',
  spaceSize: '',
  captureType: '',
  timeline: '',
  additionalInfo: '',
  website: '',
};

function withPlaceholder(placeholder: string, options: readonly { value: string; label: string }[]) {
  return [{ value: '', label: placeholder }, ...options];
}

/** The public capture request (spec §2 /request, rules §5): form, then the success panel. */
export function CaptureRequestForm() {
  const submitRequest = useSubmitCaptureRequest();
  const form = useForm<TCaptureRequestInput, unknown, TCaptureRequest>({
    resolver: zodResolver(ZCaptureRequest),
    defaultValues: DEFAULT_VALUES,
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const { onSubmit, submitted } = usePublicFormSubmit({
    form,
    fields: FIELDS,
    send: (values, idempotencyKey) => submitRequest.mutateAsync({ values, idempotencyKey }),
    successToast: TOASTS.requestSubmitted,
  });

  if (submitted) {
    return (
      <SuccessPanel title={FORM_POSTS.captureRequest.success.title}>
        {FORM_POSTS.captureRequest.success.message}
      </SuccessPanel>
    );
  }

  // method and action make the prerendered form post to the server before this script runs (and
  // never put the fields into a URL); once hydrated, onSubmit sends JSON instead.
  return (
    <Paper
      component="form"
      method="post"
      action={FORM_POSTS.captureRequest.action}
      withBorder
      radius="lg"
      shadow="sm"
      p={{ base: 'lg', sm: 40 }}
      onSubmit={onSubmit}
      noValidate
    >
      <Stack gap="xl">
        <Stack gap="md">
          <Title order={2} fz={20} c="var(--color-heading)">
            Contact Information
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="Full Name"
              placeholder="Jane Cooper"
              autoComplete="name"
              withAsterisk
              error={errors.name?.message}
              {...register('name')}
            />
            <TextInput
              label="Email"
              type="email"
              placeholder="you@example.com"
              autoComplete="email"
              withAsterisk
              error={errors.email?.message}
              {...register('email')}
            />
            <TextInput
              label="Phone"
              type="tel"
              placeholder="+1 (555) 123-4567"
              autoComplete="tel"
              withAsterisk
              error={errors.phone?.message}
              {...register('phone')}
            />
            <TextInput
              label="Company Name (Optional)"
              placeholder="Your company"
              autoComplete="organization"
              error={errors.companyName?.message}
              {...register('companyName')}
            />
          </SimpleGrid>
        </Stack>

        <Stack gap="md">
          <Title order={2} fz={20} c="var(--color-heading)">
            Space Details
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NativeSelect
              label="Space Type"
              withAsterisk
              data={withPlaceholder('Select space type', SPACE_TYPE_OPTIONS)}
              error={errors.spaceType?.message}
              {...register('spaceType')}
            />
            <TextInput
              label="Location"
              placeholder="Street address or city"
              autoComplete="street-address"
              withAsterisk
              error={errors.location?.message}
              {...register('location')}
            />
            <NativeSelect
              label="Space Size"
              withAsterisk
              data={withPlaceholder('Select space size', SPACE_SIZE_OPTIONS)}
              error={errors.spaceSize?.message}
              {...register('spaceSize')}
            />
            <NativeSelect
              label="What do you need?"
              withAsterisk
              data={withPlaceholder('Select capture type', CAPTURE_TYPE_OPTIONS)}
              error={errors.captureType?.message}
              {...register('captureType')}
            />
            <NativeSelect
              label="Timeline"
              withAsterisk
              data={withPlaceholder('Select timeline', TIMELINE_OPTIONS)}
              error={errors.timeline?.message}
              {...register('timeline')}
            />
          </SimpleGrid>
          <Textarea
            label="Additional Information (Optional)"
            placeholder="Access instructions, special requirements or questions..."
            autosize={false}
            rows={4}
            error={errors.additionalInfo?.message}
            {...register('additionalInfo')}
          />
        </Stack>

        <HoneypotField label="Website" registration={register('website')} />

        <TermsAndSubmit
          termsRegistration={register('terms')}
          termsError={errors.terms?.message}
          isSubmitting={isSubmitting}
          submitLabel="Submit Request"
        />
      </Stack>
    </Paper>
  );
}
