import { FormPage } from '../../../components/layout/form-page.tsx';
import { CaptureRequestForm } from '../../../features/capture-request/components/capture-request-form.tsx';

export function RequestRoute() {
  return (
    <FormPage
      title="Request a Capture"
      subtitle="Tell us about your space and what you need. An admin reviews every request, matches a certified provider and sends you a quote."
      backLink
    >
      <CaptureRequestForm />
    </FormPage>
  );
}
