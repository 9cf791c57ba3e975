import { zodResolver } from '@hookform/resolvers/zod';
import { Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import {
  type TCaptureRequest,
  type TCaptureRequestInput,
  ZCaptureRequest,
} from '@spacecapture/shared/contracts/public-forms';
import { FORM_POSTS } from '@spacecapture/shared/form-posts';
import { TOASTS } from '@spacecapture/shared/messages';
import { useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { EmailAndPhoneFields } from '../../../components/form/email-and-phone-fields.tsx';
import { HoneypotField } from '../../../components/form/honeypot-field.tsx';
import { PlaceField, type TPickedPlace } from '../../../components/form/place-field.tsx';
import { EMPTY_WINDOW } from '../../../components/form/preferred-windows-field.tsx';
import { SpaceSelectsFields, VisitNotesFields } from '../../../components/form/space-details-fields.tsx';
import { SuccessPanel } from '../../../components/form/success-panel.tsx';
import { TermsAndSubmit } from '../../../components/form/terms-and-submit.tsx';
import { useTypedBeforeScript } from '../../../components/form/typed-before-script.ts';
import { usePublicFormSubmit } from '../../../components/form/use-public-form-submit.ts';
import { useSubmitCaptureRequest } from '../api/submit-capture-request.ts';

const FIELDS = [
  'name',
  'email',
  'phone',
  'companyName',
  'spaceType',
  'location',
  'accessNotes',
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
  placeId: '',
  preferredWindows: [EMPTY_WINDOW],
  accessNotes: '',
  spaceSize: '',
  captureType: '',
  timeline: '',
  additionalInfo: '',
  website: '',
};

/** The public capture request (spec §2 /request, rules §5): form, then the success panel. */
export function CaptureRequestForm() {
  const submitRequest = useSubmitCaptureRequest();
  const form = useForm<TCaptureRequestInput, unknown, TCaptureRequest>({
    resolver: zodResolver(ZCaptureRequest),
    defaultValues: DEFAULT_VALUES,
  });
  const {
    register,
    control,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  // The place box is controlled: what was typed into it before this script ran is read here.
  const keepTyped = useTypedBeforeScript(form);
  const [place, setPlace] = useState<TPickedPlace | null>(null);
  const { onSubmit, submitted } = usePublicFormSubmit({
    form,
    fields: FIELDS,
    // A place the server no longer knows is the location's problem; a window's, its row's.
    setOtherFieldError: (field, message) => {
      if (field !== 'placeId' && !field.startsWith('preferredWindows')) return false;
      const target = field === 'placeId' ? 'location' : (field as 'preferredWindows');
      form.setError(target, { type: 'server', message }, { shouldFocus: field === 'placeId' });
      return true;
    },
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
    <FormProvider {...form}>
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
              <EmailAndPhoneFields
                email={{ registration: register('email'), error: errors.email?.message }}
                phone={{ registration: register('phone'), error: errors.phone?.message }}
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
            <SpaceSelectsFields
              location={
                <>
                  <Controller
                    control={control}
                    name="location"
                    render={({ field }) => (
                      <PlaceField
                        label="Location"
                        name={field.name}
                        placeholder="City, or street address"
                        withAsterisk
                        value={field.value ?? ''}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        inputRef={keepTyped('location', field.ref)}
                        place={place}
                        onPlaceChange={(picked) => {
                          setPlace(picked);
                          setValue('placeId', picked?.id ?? '');
                        }}
                        error={errors.location?.message ?? errors.placeId?.message}
                      />
                    )}
                  />
                  <input type="hidden" {...register('placeId')} />
                </>
              }
            />
            <VisitNotesFields
              timeZone={place?.timeZone ?? null}
              additionalInfoPlaceholder="Access instructions, special requirements or questions..."
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
    </FormProvider>
  );
}
