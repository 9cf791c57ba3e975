import { FAQ_ITEMS } from '../../../features/faq/content/faq-content.ts';
import { HelpScreen } from '../../../features/help/components/help-screen.tsx';
import { SupportRequestForm } from '../../../features/support-request/components/support-request-form.tsx';

/** The public FAQ's questions that matter once an order exists (not how to request or apply). */
const CUSTOMER_FAQ_IDS = new Set(['turnaround', 'rush', 'prepare', 'deliverables', 'formats', 'software', 'security']);
const CUSTOMER_FAQ = [...FAQ_ITEMS.general, ...FAQ_ITEMS.customers, ...FAQ_ITEMS.technical].filter((item) =>
  CUSTOMER_FAQ_IDS.has(item.id),
);

export function CustomerHelpRoute() {
  return <HelpScreen faq={CUSTOMER_FAQ} supportForm={<SupportRequestForm />} />;
}
