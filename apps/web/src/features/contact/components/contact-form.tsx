import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Loader, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import {
  type TContactMessageRequest,
  type TContactMessageRequestInput,
  ZContactMessageRequest,
} from '@spacecapture/shared/contracts/public-forms';
import { FORM_POSTS } from '@spacecapture/shared/form-posts';
import { TOASTS } from '@spacecapture/shared/messages';
import { useForm } from 'react-hook-form';
import { HoneypotField } from '../../../components/form/honeypot-field.tsx';
import { SuccessPanel } from '../../../components/form/success-panel.tsx';
import { usePublicFormSubmit } from '../../../components/form/use-public-form-submit.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

const FIELDS = [
  'name',
  'email',
  'subject',
  'message',
  'website',
] as const satisfies readonly (keyof TContactMessageRequestInput)[];

const EMPTY: TContactMessageRequestInput = { name: '', email: '', subject: '', message: '', website: '' };

/**
 * "Send Us a Message" (spec §2 /contact, §4): editing → sending (disabled, "Sending...") → sent
 * (Thank You view, fields cleared). A failure returns to editing with the values kept.
 */
export function ContactForm() {
  const sendMessage = useSendContactMessage();
  const form = useForm<TContactMessageRequestInput, unknown, TContactMessageRequest>({
    resolver: zodResolver(ZContactMessageRequest),
    defaultValues: EMPTY,
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const {
    onSubmit,
    submitted: sent,
    setSubmitted: setSent,
  } = usePublicFormSubmit({
    form,
    fields: FIELDS,
    send: (values, idempotencyKey) => sendMessage.mutateAsync({ values, idempotencyKey }),
    successToast: TOASTS.messageSent,
    failureToast: () => TOASTS.contactFailed,
    onSent: () => form.reset(EMPTY),
  });

  if (sent) {
    return (
      <SuccessPanel
        title={FORM_POSTS.contactMessage.success.title}
        action={
          <Button variant="light" size="md" mt="sm" onClick={() => setSent(false)}>
            Send Another Message
          </Button>
        }
      >
        {FORM_POSTS.contactMessage.success.message}
      </SuccessPanel>
    );
  }

  // method and action make the prerendered form post to the server before this script runs (and
  // never put the fields into a URL); once hydrated, onSubmit sends JSON instead.
  return (
    <Paper
      component="form"
      method="post"
      action={FORM_POSTS.contactMessage.action}
      withBorder
      radius="lg"
      shadow="sm"
      p={{ base: 'lg', sm: 36 }}
      onSubmit={onSubmit}
    >
      <Stack gap="md">
        <Title order={2} fz={24} c="var(--color-heading)">
          Send Us a Message
        </Title>
        <TextInput
          label="Your Name"
          placeholder="John Smith"
          autoComplete="name"
          required
          error={errors.name?.message}
          {...register('name')}
        />
        <TextInput
          label="Email Address"
          type="email"
          placeholder="you@example.com"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <TextInput
          label="Subject"
          placeholder="How can we help you?"
          required
          error={errors.subject?.message}
          {...register('subject')}
        />
        <Textarea
          label="Message"
          placeholder="Please provide details about your inquiry..."
          autosize={false}
          rows={5}
          required
          error={errors.message?.message}
          {...register('message')}
        />
        <HoneypotField label="Website" registration={register('website')} />
        <Button
          type="submit"
          size="md"
          disabled={isSubmitting}
          leftSection={isSubmitting ? <Loader size={16} color="currentColor" /> : null}
        >
          {isSubmitting ? 'Sending...' : 'Send Message'}
        </Button>
      </Stack>
    </Paper>
  );
}
