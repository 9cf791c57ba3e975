import { z } from 'zod';
import { validCertificationAt } from './certification-validity.ts';
import { PORTAL_PATHS } from './portal-paths.ts';

/**
 * What a provider organisation needs before dispatch can offer it a job (decision 200): the same
 * four facts dispatch's hard checks read, as a checklist the provider and the admins both see.
 * Each item says where it is fixed: the provider's own page for the item, and for the admin the
 * provider's record, where a pending certification is verified.
 */
export const READINESS_ITEMS = ['certification', 'service-base', 'working-hours', 'devices'] as const;
export type TReadinessItemKey = (typeof READINESS_ITEMS)[number];

export const ZReadinessItem = z.object({
  key: z.enum(READINESS_ITEMS),
  label: z.string(),
  done: z.boolean(),
  /** What stands, or what is missing and who can change it. */
  detail: z.string(),
});
export type TReadinessItem = z.infer<typeof ZReadinessItem>;
export const ZReadiness = z.object({ ready: z.boolean(), items: z.array(ZReadinessItem) });
export type TReadiness = z.infer<typeof ZReadiness>;

export type TReadinessFacts = {
  certifications: readonly { status: string; expiry: Date | string | null }[];
  deviceCount: number;
  availability: { workingHours: readonly unknown[]; bases: readonly { label: string }[] } | null;
};

const LABELS: Record<TReadinessItemKey, string> = {
  certification: 'Certification verified',
  'service-base': 'Service base recorded',
  'working-hours': 'Working hours set',
  devices: 'Devices registered',
};

/** Where each item is fixed in the provider's portal. */
export const READINESS_FIX_PATHS: Record<TReadinessItemKey, string> = {
  certification: PORTAL_PATHS.provider.certification,
  'service-base': PORTAL_PATHS.provider.schedule,
  'working-hours': PORTAL_PATHS.provider.schedule,
  devices: PORTAL_PATHS.provider.devices,
};

function certificationDetail(facts: TReadinessFacts, now: Date): { done: boolean; detail: string } {
  if (validCertificationAt(facts.certifications, now.getTime()))
    return { done: true, detail: 'An active certification is on record.' };
  if (facts.certifications.some((cert) => cert.status === 'pending')) {
    return { done: false, detail: 'A certification waits for an admin to verify it.' };
  }
  return { done: false, detail: 'No active certification: request one on the Certification page.' };
}

export function providerReadiness(facts: TReadinessFacts, now: Date): TReadiness {
  const bases = facts.availability?.bases ?? [];
  const hours = facts.availability?.workingHours ?? [];
  const states: Record<TReadinessItemKey, { done: boolean; detail: string }> = {
    certification: certificationDetail(facts, now),
    'service-base':
      bases.length > 0
        ? { done: true, detail: `Works from ${bases.map((base) => base.label).join(', ')}.` }
        : { done: false, detail: 'No service base: add one, with its radius, on the Schedule page.' },
    'working-hours':
      hours.length > 0
        ? { done: true, detail: `Works on ${hours.length} day${hours.length === 1 ? '' : 's'} a week.` }
        : { done: false, detail: 'No working hours: set them on the Schedule page.' },
    devices:
      facts.deviceCount > 0
        ? { done: true, detail: `${facts.deviceCount} device${facts.deviceCount === 1 ? '' : 's'} registered.` }
        : { done: false, detail: 'No devices: register the capture devices on the Devices page.' },
  };
  const items = READINESS_ITEMS.map((key) => ({ key, label: LABELS[key], ...states[key] }));
  return { ready: items.every((item) => item.done), items };
}
