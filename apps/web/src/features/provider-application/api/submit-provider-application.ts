import {
  type TProviderApplication,
  type TSubmissionAccepted,
  ZSubmissionAccepted,
} from '@spacecapture/shared/contracts/public-forms';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const PROVIDER_APPLICATIONS_PATH = '/api/public/provider-applications';

type TSubmitProviderApplicationArgs = {
  values: TProviderApplication;
  portfolio: File | null;
  idempotencyKey: string;
};

/**
 * POST /api/public/provider-applications as multipart/form-data: a `payload` part holding the form
 * values as JSON, and an optional `portfolio` file part → 201 { id }.
 */
export function submitProviderApplication({
  values,
  portfolio,
  idempotencyKey,
}: TSubmitProviderApplicationArgs): Promise<TSubmissionAccepted> {
  const formData = new FormData();
  formData.append('payload', JSON.stringify(values));
  if (portfolio) formData.append('portfolio', portfolio, portfolio.name);
  return apiRequest(PROVIDER_APPLICATIONS_PATH, {
    method: 'POST',
    formData,
    idempotencyKey,
    schema: ZSubmissionAccepted,
  });
}

export function useSubmitProviderApplication() {
  return useMutation({ mutationFn: submitProviderApplication });
}
