import { FormPage } from '../../../components/layout/form-page.tsx';
import { ContactSection } from '../../../features/contact/components/contact-section.tsx';

export function ContactRoute() {
  return (
    <FormPage
      title="Contact Us"
      subtitle="Have questions about our services? Get in touch with our team and we'll be happy to help."
      wide
      centered
    >
      <ContactSection />
    </FormPage>
  );
}
