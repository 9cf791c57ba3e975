import { PRODUCT_NAME } from '@spacecapture/shared/paths';
import { PageHero } from '../../../components/ui/page-hero.tsx';
import {
  AboutDevices,
  AboutGetStarted,
  AboutMission,
  AboutProcess,
} from '../../../features/about/components/about-content.tsx';

export function AboutRoute() {
  return (
    <>
      <PageHero
        eyebrow="About Us"
        title={`About ${PRODUCT_NAME}`}
        subtitle="The managed marketplace for 3D space capture: certified providers, official devices and a process that takes care of everything."
      />
      <AboutMission />
      <AboutProcess />
      <AboutDevices />
      <AboutGetStarted />
    </>
  );
}
