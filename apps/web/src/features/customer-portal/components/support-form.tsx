import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Paper, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { SUPPORT_LIMITS, type TSupportRequest, ZSupportRequest } from '@spacecapture/shared/contracts/customer-portal';
import { TOASTS } from '@spacecapture/shared/messages';
import { useForm } from 'react-hook-form';
import { notifySuccess } from '../../../lib/notify.ts';
import { handleSubmissionError } from '../../../lib/submission-error.ts';
import { useSendSupportRequest } from '../api/send-support-request.ts';

const EMPTY: TSupportRequest = { subject: '', message: '' };
export const SUPPORT_FAILED_TITLE = 'Failed';
export const SUPPORT_FAILED_FALLBACK = 'Could not send your message. Please try again.';

/**
 * The Support tab's form (spec 001 §2, §9: subject, message in a 4-row box): stored for the
 * admins and e-mailed to the company; the fields clear once it is sent.
 */
export function SupportForm() {
  const send = useSendSupportRequest();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TSupportRequest>({ resolver: zodResolver(ZSupportRequest), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
    } catch (error) {
      handleSubmissionError(error, {
        setFieldError: (field, message) => {
          if (field !== 'subject' && field !== 'message') return false;
          setError(field, { type: 'server', message }, { shouldFocus: true });
          return true;
        },
        failureToast: (message) => ({ title: SUPPORT_FAILED_TITLE, message: message || SUPPORT_FAILED_FALLBACK }),
      });
      return;
    }
    reset(EMPTY);
    notifySuccess(TOASTS.messageSent);
  });

  return (
    <Paper component="form" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Title order={2} fz={20}>
          Contact Support
        </Title>
        <TextInput
          label="Subject"
          placeholder="What do you need help with?"
          required
          maxLength={SUPPORT_LIMITS.subject}
          error={errors.subject?.message}
          {...register('subject')}
        />
        <Textarea
          label="Message"
          placeholder="Describe your question or issue..."
          required
          autosize={false}
          rows={4}
          maxLength={SUPPORT_LIMITS.message}
          error={errors.message?.message}
          {...register('message')}
        />
        <div>
          <Button type="submit" loading={isSubmitting}>
            Send Message
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}
