import {
  type TProviderSettings,
  type TUpdateProviderSettingsRequest,
  ZNotificationPreferences,
  ZUpdateProviderSettingsRequest,
} from '@spacecapture/shared/contracts/provider-portal';
import { z } from 'zod';

/** The settings form's values: plain strings while editing, checked by the server's own request schema. */
export type TSettingsFormValues = {
  businessName: string;
  contactEmail: string;
  phone: string;
  availability: string;
  serviceRegions: string[];
  notifications: z.infer<typeof ZNotificationPreferences>;
};

export function toFormValues(settings: TProviderSettings): TSettingsFormValues {
  return {
    businessName: settings.businessName,
    contactEmail: settings.contactEmail ?? '',
    phone: settings.phone ?? '',
    availability: settings.availability ?? '',
    serviceRegions: settings.serviceRegions,
    notifications: settings.notifications,
  };
}

/** The request for the values; the business name goes only from someone who may change it. */
export function toRequestInput(values: TSettingsFormValues, canRename: boolean) {
  const { businessName, ...rest } = values;
  return canRename ? { ...values, businessName } : rest;
}

/**
 * The form's schema: the same rules as the server (ZUpdateProviderSettingsRequest), with each
 * problem reported on its field, so the page and the API can never disagree.
 */
export function settingsFormSchema(canRename: boolean) {
  return z
    .object({
      businessName: z.string(),
      contactEmail: z.string(),
      phone: z.string(),
      availability: z.string(),
      serviceRegions: z.array(z.string()),
      notifications: ZNotificationPreferences,
    })
    .transform((values, context): TUpdateProviderSettingsRequest => {
      const parsed = ZUpdateProviderSettingsRequest.safeParse(toRequestInput(values, canRename));
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) {
        // A region's problem is shown under the regions input as a whole.
        const field = String(issue.path[0] ?? 'businessName');
        context.addIssue({ code: 'custom', path: [field], message: issue.message });
      }
      return z.NEVER;
    });
}
