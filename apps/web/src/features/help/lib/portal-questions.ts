import { DOWNLOAD_LINK_TTL_SECONDS } from '@spacecapture/shared/contracts/customer-portal';
import type { THelpQuestion } from '../components/help-faq.tsx';

/** Questions about working in the customer portal itself. */
export const PORTAL_QUESTIONS: readonly THelpQuestion[] = [
  {
    id: 'portal-quote-expiry',
    question: 'What happens when a quote passes its validity date?',
    answer: [
      'It expires: Accept and Decline are switched off and the quote shows as expired. Send us a message below and we will prepare a new quote for the same order.',
    ],
  },
  {
    id: 'portal-who-answers',
    question: 'Who in my organisation can accept or decline a quote?',
    answer: [
      'Every member of your organisation can. The first answer counts: once a quote is accepted or declined, it cannot be answered again.',
    ],
  },
  {
    id: 'portal-invoice',
    question: 'Where do I find the invoice?',
    answer: [
      'Open Quotes & Invoices and choose View invoice on an accepted quote. The invoice lists every line item and the total, and the Print button prints it (or saves it as a PDF) without the portal around it.',
    ],
  },
  {
    id: 'portal-link-expired',
    question: 'Why did my download link stop working?',
    answer: [
      `For your privacy each download link works for ${DOWNLOAD_LINK_TTL_SECONDS} seconds only. Choose Download again under Deliverables to get a fresh link; your files stay available.`,
    ],
  },
  {
    id: 'portal-change-window',
    question: 'Can I change the capture date once it is confirmed?',
    answer: [
      'Tell us as early as possible with the form on this page. We agree a new window with the provider and e-mail everyone in your organisation when it is confirmed.',
    ],
  },
];
