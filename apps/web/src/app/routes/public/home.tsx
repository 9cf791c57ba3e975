import { ClosingCta } from '../../../features/landing/components/closing-cta.tsx';
import { HowItWorks } from '../../../features/landing/components/how-it-works.tsx';
import { LandingHero } from '../../../features/landing/components/landing-hero.tsx';
import { SpaceTypes } from '../../../features/landing/components/space-types.tsx';
import { WhyChoose } from '../../../features/landing/components/why-choose.tsx';

export function HomeRoute() {
  return (
    <>
      <LandingHero />
      <HowItWorks />
      <SpaceTypes />
      <WhyChoose />
      <ClosingCta />
    </>
  );
}
