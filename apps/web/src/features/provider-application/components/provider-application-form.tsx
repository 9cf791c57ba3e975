import { zodResolver } from '@hookform/resolvers/zod';
import { Input, NativeSelect, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import {
  PORTFOLIO_EXTENSIONS,
  type TProviderApplication,
  type TProviderApplicationInput,
  ZProviderApplication,
} from '@spacecapture/shared/contracts/public-forms';
import { EXPERIENCE_LEVEL_OPTIONS, PROVIDER_DEVICE_OPTIONS } from '@spacecapture/shared/enums';
import { FORM_POSTS } from '@spacecapture/shared/form-posts';
import { TOASTS } from '@spacecapture/shared/messages';
import { type ChangeEvent, useId, useLayoutEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { EmailAndPhoneFields } from '../../../components/form/email-and-phone-fields.tsx';
import { HoneypotField } from '../../../components/form/honeypot-field.tsx';
import { SuccessPanel } from '../../../components/form/success-panel.tsx';
import { TermsAndSubmit } from '../../../components/form/terms-and-submit.tsx';
import { chosenFileOf } from '../../../components/form/typed-before-script.ts';
import { usePublicFormSubmit } from '../../../components/form/use-public-form-submit.ts';
import { useSubmitProviderApplication } from '../api/submit-provider-application.ts';
import { checkPortfolioFile } from '../utils/check-portfolio-file.ts';
import styles from './provider-application.module.css';

const FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'companyName',
  'website',
  'regions',
  'devices',
  'experienceLevel',
  'additionalInfo',
  'terms',
  'fax',
] as const satisfies readonly (keyof TProviderApplicationInput)[];

const DEFAULT_VALUES: Partial<TProviderApplicationInput> = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  companyName: '',
  website: '',
  regions: '',
  devices: '',
  experienceLevel: '',
  additionalInfo: '',
  fax: '',
};

/** The provider application (spec §2 /provider, rules §5): form with an optional portfolio file. */
export function ProviderApplicationForm() {
  const portfolioId = useId();
  const [portfolio, setPortfolio] = useState<File | null>(null);
  const [portfolioError, setPortfolioError] = useState<string | null>(null);
  const portfolioInput = useRef<HTMLInputElement>(null);
  const submitApplication = useSubmitProviderApplication();
  const form = useForm<TProviderApplicationInput, unknown, TProviderApplication>({
    resolver: zodResolver(ZProviderApplication),
    defaultValues: DEFAULT_VALUES,
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const { onSubmit, submitted, resetIdempotencyKey } = usePublicFormSubmit({
    form,
    fields: FIELDS,
    send: (values, idempotencyKey) => submitApplication.mutateAsync({ values, portfolio, idempotencyKey }),
    successToast: TOASTS.applicationSubmitted,
    // The portfolio file is kept outside the form: its checks and messages are its own.
    check: () => {
      const fileError = portfolio ? checkPortfolioFile(portfolio) : null;
      if (fileError) setPortfolioError(fileError);
      return !fileError;
    },
    setOtherFieldError: (field, message) => {
      if (field !== 'portfolio') return false;
      setPortfolioError(message);
      return true;
    },
    // Field errors are shown by the resolver; show the file's own problem at the same time.
    onInvalid: () => {
      if (portfolio) setPortfolioError(checkPortfolioFile(portfolio));
    },
  });

  function onPortfolioChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0] ?? null;
    resetIdempotencyKey();
    setPortfolio(file);
    setPortfolioError(file ? checkPortfolioFile(file) : null);
  }

  // A file chosen in the prerendered form before this script ran (decision 187) is the portfolio.
  useLayoutEffect(() => {
    const chosen = chosenFileOf(portfolioInput.current);
    if (!chosen) return;
    setPortfolio(chosen);
    setPortfolioError(checkPortfolioFile(chosen));
  }, []);

  if (submitted) {
    return (
      <SuccessPanel title={FORM_POSTS.providerApplication.success.title}>
        {FORM_POSTS.providerApplication.success.message}
      </SuccessPanel>
    );
  }

  // method, action and encType make the prerendered form post to the server, portfolio file included,
  // before this script runs (and never put the fields into a URL); once hydrated, onSubmit takes over.
  return (
    <Paper
      component="form"
      method="post"
      action={FORM_POSTS.providerApplication.action}
      encType="multipart/form-data"
      withBorder
      radius="lg"
      shadow="sm"
      p={{ base: 'lg', sm: 40 }}
      onSubmit={onSubmit}
      noValidate
    >
      <Stack gap="xl">
        <Stack gap="md">
          <Title order={3} fz={20} c="var(--color-heading)">
            About You
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label="First Name"
              placeholder="Jane"
              autoComplete="given-name"
              withAsterisk
              error={errors.firstName?.message}
              {...register('firstName')}
            />
            <TextInput
              label="Last Name"
              placeholder="Cooper"
              autoComplete="family-name"
              withAsterisk
              error={errors.lastName?.message}
              {...register('lastName')}
            />
            <EmailAndPhoneFields
              email={{ registration: register('email'), error: errors.email?.message }}
              phone={{ registration: register('phone'), error: errors.phone?.message }}
            />
            <TextInput
              label="Company Name"
              placeholder="Your business name"
              autoComplete="organization"
              withAsterisk
              error={errors.companyName?.message}
              {...register('companyName')}
            />
            <TextInput
              label="Website (Optional)"
              type="url"
              placeholder="https://example.com"
              autoComplete="url"
              error={errors.website?.message}
              {...register('website')}
            />
          </SimpleGrid>
        </Stack>

        <Stack gap="md">
          <Title order={3} fz={20} c="var(--color-heading)">
            Your Capture Business
          </Title>
          <TextInput
            label="Regions Covered"
            placeholder="e.g. San Francisco Bay Area, Sacramento"
            withAsterisk
            error={errors.regions?.message}
            {...register('regions')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NativeSelect
              label="Devices Owned"
              withAsterisk
              data={[{ value: '', label: 'Select your device' }, ...PROVIDER_DEVICE_OPTIONS]}
              error={errors.devices?.message}
              {...register('devices')}
            />
            <NativeSelect
              label="Experience Level"
              withAsterisk
              data={[{ value: '', label: 'Select experience level' }, ...EXPERIENCE_LEVEL_OPTIONS]}
              error={errors.experienceLevel?.message}
              {...register('experienceLevel')}
            />
          </SimpleGrid>
          <Input.Wrapper
            id={portfolioId}
            label="Portfolio (Optional)"
            description="A PDF, ZIP, JPG or PNG file of your previous work, up to 25 MB."
            error={portfolioError}
          >
            <input
              ref={portfolioInput}
              id={portfolioId}
              name="portfolio"
              type="file"
              accept={PORTFOLIO_EXTENSIONS.join(',')}
              className={styles.fileInput}
              aria-invalid={portfolioError ? true : undefined}
              aria-describedby={portfolioError ? `${portfolioId}-error` : `${portfolioId}-description`}
              onChange={onPortfolioChange}
            />
          </Input.Wrapper>
          <Textarea
            label="Additional Information (Optional)"
            placeholder="Tell us about your experience, equipment and availability..."
            autosize={false}
            rows={4}
            error={errors.additionalInfo?.message}
            {...register('additionalInfo')}
          />
        </Stack>

        <HoneypotField label="Fax" registration={register('fax')} />

        <TermsAndSubmit
          termsRegistration={register('terms')}
          termsError={errors.terms?.message}
          isSubmitting={isSubmitting}
          submitLabel="Submit Application"
        />
      </Stack>
    </Paper>
  );
}
