import { PageHero } from '../../../components/ui/page-hero.tsx';
import { Section } from '../../../components/ui/section.tsx';
import { ProviderApplicationForm } from '../../../features/provider-application/components/provider-application-form.tsx';
import { ProviderBenefits } from '../../../features/provider-application/components/provider-benefits.tsx';

export function ProviderRoute() {
  return (
    <>
      <PageHero
        eyebrow="For Providers"
        title="Become a Provider"
        subtitle="Join our network of certified capture professionals. We bring the projects, you bring your PRO, MINION, META or MEGA device and your expertise."
      />
      <ProviderBenefits />
      <Section
        tone="surface"
        narrow
        eyebrow="Apply"
        title="Provider Application"
        intro="Tell us about you and your capture business. We review every application and reply by e-mail."
      >
        <ProviderApplicationForm />
      </Section>
    </>
  );
}
