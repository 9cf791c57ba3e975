import { PageHero } from '../../../components/ui/page-hero.tsx';
import { Section } from '../../../components/ui/section.tsx';
import { ServicesCatalogue } from '../../../features/services-catalogue/components/services-catalogue.tsx';
import { ServicesCta } from '../../../features/services-catalogue/components/services-cta.tsx';

export function ServicesRoute() {
  return (
    <>
      <PageHero
        eyebrow="Services"
        title="Our Services"
        subtitle="Explore what our certified providers capture and deliver: by industry use case, or by product and deliverable."
      />
      <Section tone="surface">
        <ServicesCatalogue />
      </Section>
      <Section>
        <ServicesCta />
      </Section>
    </>
  );
}
