import {
  BRANDING_MESSAGES,
  type TUpdateBrandingRequest,
  ZOrganizationBranding,
} from '@spacecapture/shared/contracts/share-links';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { endpointQuery, sendJson, useRefreshingMutation } from '../../../lib/api-hooks.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { brandingKey } from './share-link-keys.ts';

const BRANDING_PATH = '/api/customer/organization/branding';
const LOGO_PATH = '/api/customer/organization/logo';

/** GET the organisation's branding for its branded share pages (decision 223). */
export function useBranding() {
  return useQuery(endpointQuery(brandingKey, BRANDING_PATH, ZOrganizationBranding));
}

/** PUT the accent colour and contact. */
export function useUpdateBranding() {
  return useRefreshingMutation(brandingKey, {
    mutationFn: (request: TUpdateBrandingRequest) => sendJson(BRANDING_PATH, request, ZOrganizationBranding, 'PUT'),
    onSuccess: () => notifySuccess({ title: BRANDING_MESSAGES.saved, message: 'Branded share pages show it.' }),
  });
}

/** PUT the logo file as the body: the server re-encodes it before keeping it. */
export function useUploadLogo() {
  return useRefreshingMutation(brandingKey, {
    mutationFn: (file: File) => apiRequest(LOGO_PATH, { method: 'PUT', file, schema: ZOrganizationBranding }),
    onSuccess: () => notifySuccess({ title: BRANDING_MESSAGES.logoSaved, message: 'Branded share pages show it.' }),
  });
}

export function useRemoveLogo() {
  return useRefreshingMutation(brandingKey, {
    mutationFn: () => apiRequest(LOGO_PATH, { method: 'DELETE', schema: ZOrganizationBranding }),
    onSuccess: () => notifySuccess({ title: BRANDING_MESSAGES.logoRemoved, message: '' }),
  });
}
