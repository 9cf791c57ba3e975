/** The words of the customer's Contact Support form (dashboard Support tab and Help page). */
export const SUPPORT_MESSAGES = {
  intro: 'Questions about an order, a quote or your files? Write to our team here; we reply by e-mail.',
  sentTitle: 'Support request sent',
  sent: (subject: string, at: string) =>
    `We received "${subject}" on ${at}. We will reply to your e-mail address as soon as possible.`,
  failedTitle: 'Failed',
  failed: 'Could not send your message. Please try again.',
  replySent: { title: 'Reply sent', message: 'Our support team has your reply.' },
  listTitle: 'Your support requests',
  listEmpty: 'No support requests yet. Send one with the form.',
  supportTeam: 'Support team',
  statuses: { open: 'Waiting for our reply', answered: 'Answered', closed: 'Closed' },
  closedHint: 'This request is closed. Write again to reopen it.',
} as const;
