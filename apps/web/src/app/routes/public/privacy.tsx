import { PageHero } from '../../../components/ui/page-hero.tsx';
import { Section } from '../../../components/ui/section.tsx';
import { LegalDocument } from '../../../features/legal/components/legal-document.tsx';
import { PRIVACY_POLICY } from '../../../features/legal/content/privacy-policy.ts';

export function PrivacyRoute() {
  return (
    <>
      <PageHero title={PRIVACY_POLICY.title} subtitle="How we collect, use, keep and protect your personal data." />
      <Section tone="surface">
        <LegalDocument document={PRIVACY_POLICY} />
      </Section>
    </>
  );
}
