import { PageHero } from '../../../components/ui/page-hero.tsx';
import { Section } from '../../../components/ui/section.tsx';
import { FaqBrowser } from '../../../features/faq/components/faq-browser.tsx';

export function FaqRoute() {
  return (
    <>
      <PageHero
        eyebrow="FAQ"
        title="Frequently Asked Questions"
        subtitle="Answers about requesting captures, joining as a provider, turnaround, payment, devices and file formats."
      />
      <Section tone="surface" narrow>
        <FaqBrowser />
      </Section>
    </>
  );
}
