import type { ReactNode } from 'react';
import { PortalPage } from '../../../components/portal/portal-page.tsx';
import { PORTAL_QUESTIONS } from '../lib/portal-questions.ts';
import { HelpFaq, type THelpQuestion } from './help-faq.tsx';
import { OrderingSteps } from './ordering-steps.tsx';

/**
 * /customer/help (spec 001 §2 Help: Documentation, Contact Support, FAQ): how ordering works, the
 * contact form, and the FAQ (the portal's own questions, then the public ones the page is given).
 */
export function HelpScreen({ faq, supportForm }: { faq: readonly THelpQuestion[]; supportForm: ReactNode }) {
  return (
    <PortalPage title="Help" description="How ordering works, answers to common questions, and a line to our team.">
      <OrderingSteps />
      {supportForm}
      <HelpFaq questions={[...PORTAL_QUESTIONS, ...faq]} />
    </PortalPage>
  );
}
