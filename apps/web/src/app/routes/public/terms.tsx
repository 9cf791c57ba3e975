import { PageHero } from '../../../components/ui/page-hero.tsx';
import { Section } from '../../../components/ui/section.tsx';
import { LegalDocument } from '../../../features/legal/components/legal-document.tsx';
import { TERMS_OF_SERVICE } from '../../../features/legal/content/terms-of-service.ts';

export function TermsRoute() {
  return (
    <>
      <PageHero
        title={TERMS_OF_SERVICE.title}
        subtitle="The rules for using the marketplace as a visitor, customer or certified provider."
      />
      <Section tone="surface">
        <LegalDocument document={TERMS_OF_SERVICE} />
      </Section>
    </>
  );
}
