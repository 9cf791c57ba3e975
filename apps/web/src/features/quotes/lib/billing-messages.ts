/** The words of the Quotes & Invoices page (spec 001 §8 for the failure titles). */
export const BILLING_MESSAGES = {
  failedToAccept: 'Failed to accept',
  failedToDecline: 'Failed to decline',
  acceptedDetail: (title: string) => `The order "${title}" is approved. Your invoice is ready.`,
  declinedDetail: (title: string) => `We will let the team know you declined the quote for "${title}".`,
  declineTitle: 'Decline this quote?',
  declineQuestion: (title: string) =>
    `You are declining the quote for "${title}". This cannot be undone; the order stays open for a new quote.`,
  acceptTitle: 'Accept this quote?',
  acceptQuestion: (title: string, total: string) =>
    `You are accepting the quote for "${title}" at a total of ${total}. The order is then approved and your invoice is ready.`,
  awaitingTitle: 'Quotes awaiting your answer',
  emptyQuotes: 'No quotes yet. When we quote one of your orders, it appears here.',
} as const;
