import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { SUPPORT_LIMITS, type TSupportRequest, ZSupportRequest } from '@spacecapture/shared/contracts/customer-portal';
import { formatDateTime } from '@spacecapture/shared/format';
import { TOASTS } from '@spacecapture/shared/messages';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { notifySuccess } from '../../../lib/notify.ts';
import { handleSubmissionError } from '../../../lib/submission-error.ts';
import { useOrderOptions } from '../api/get-order-options.ts';
import { useSendSupportRequest } from '../api/send-support-request.ts';
import { SUPPORT_MESSAGES } from './support-messages.ts';

const EMPTY: TSupportRequest = { subject: '', message: '', orderId: null };

type TSent = { id: string; createdAt: string; subject: string };

/**
 * Contact Support (spec 001 §2, §9: subject and a 4-row message), on the dashboard's Support tab
 * and the Help page: stored for the admins and e-mailed to the company. The fields clear once it
 * is sent, and the confirmation names the request so the customer can refer to it.
 */
export function SupportRequestForm() {
  const create = useSendSupportRequest();
  const orders = useOrderOptions();
  const [sent, setSent] = useState<TSent | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<TSupportRequest>({ resolver: zodResolver(ZSupportRequest), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const created = await create.mutateAsync(values);
      setSent({ ...created, subject: values.subject });
      reset(EMPTY);
      notifySuccess(TOASTS.messageSent);
    } catch (error) {
      handleSubmissionError(error, {
        setFieldError: (field, message) => {
          if (field !== 'subject' && field !== 'message' && field !== 'orderId') return false;
          setError(field, { type: 'server', message }, { shouldFocus: true });
          return true;
        },
        failureToast: (message) => ({
          title: SUPPORT_MESSAGES.failedTitle,
          message: message || SUPPORT_MESSAGES.failed,
        }),
      });
    }
  });

  return (
    <Paper component="section" aria-labelledby="contact-support" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <div>
          <Title order={2} fz={20} id="contact-support">
            Contact Support
          </Title>
          <Text size="sm" c="dimmed">
            {SUPPORT_MESSAGES.intro}
          </Text>
        </div>
        {sent ? (
          <Alert color="teal" title={SUPPORT_MESSAGES.sentTitle} role="status">
            <Text size="sm">{SUPPORT_MESSAGES.sent(sent.subject, formatDateTime(sent.createdAt))}</Text>
            <Text size="xs" c="dimmed" mt={4}>
              Reference {sent.id}
            </Text>
          </Alert>
        ) : null}
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <TextInput
              label="Subject"
              placeholder="What do you need help with?"
              required
              maxLength={SUPPORT_LIMITS.subject}
              error={errors.subject?.message}
              {...register('subject', { onChange: () => setSent(null) })}
            />
            <Controller
              control={control}
              name="orderId"
              render={({ field }) => (
                <Select
                  label="Order"
                  description="The order your question is about, if any."
                  placeholder={orders.data?.length ? 'Choose an order' : 'No orders yet'}
                  data={orders.data ?? []}
                  value={field.value ?? null}
                  onChange={(value) => field.onChange(value)}
                  onBlur={field.onBlur}
                  clearable
                  searchable
                  error={errors.orderId?.message}
                />
              )}
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
        </form>
      </Stack>
    </Paper>
  );
}
