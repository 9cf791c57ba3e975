import { FormPage } from '../../../components/layout/form-page.tsx';
import { QuoteEstimator } from '../../../features/quote-estimator/components/quote-estimator.tsx';

export function QuoteEstimatorRoute() {
  return (
    <FormPage
      title="Quote Estimator"
      subtitle="Get an instant estimate of the price, turnaround and suggested device for capturing your space."
      wide
      centered
    >
      <QuoteEstimator />
    </FormPage>
  );
}
