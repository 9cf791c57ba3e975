/** The words of the customer's Contact Support form (dashboard Support tab and Help page). */
export const SUPPORT_MESSAGES = {
  intro: 'Questions about an order, a quote or your files? Write to our team here; we reply by e-mail.',
  sentTitle: 'Support request sent',
  sent: (subject: string, at: string) =>
    `We received "${subject}" on ${at}. We will reply to your e-mail address as soon as possible.`,
  failedTitle: 'Failed',
  failed: 'Could not send your message. Please try again.',
} as const;
