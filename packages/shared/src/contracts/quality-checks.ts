import { z } from 'zod';
import { boundedText } from '../fields.ts';

/**
 * The quality check of a delivered file (decision 236): made by a contained worker after upload;
 * failures block Mark delivered until the file is replaced or an admin overrides its check with a
 * reason; warnings never block.
 */
export const CHECK_STATES = ['pending', 'checking', 'passed', 'warned', 'failed'] as const;
export type TCheckState = (typeof CHECK_STATES)[number];

export const ZCheckFinding = z.object({ code: z.string(), message: z.string() });
export type TCheckFinding = z.infer<typeof ZCheckFinding>;

export const ZFileCheck = z.object({
  state: z.enum(CHECK_STATES),
  failures: z.array(ZCheckFinding),
  warnings: z.array(ZCheckFinding),
  /** What the file says of itself: points, bounds, density per m², coordinate system, pages, size, duration. */
  facts: z.record(z.string(), z.unknown()),
  /** An admin let the file through despite its failures. */
  override: z.object({ reason: z.string(), at: z.string() }).nullable(),
});
export type TFileCheck = z.infer<typeof ZFileCheck>;

export const CHECK_OVERRIDE_LIMITS = { reasonMax: 1000 } as const;
export const CHECK_OVERRIDE_MESSAGES = {
  reasonRequired: 'Give a reason for letting this file through its check.',
  notFailed: 'Only a file whose check failed can be let through.',
  overridden: { title: 'File let through', message: 'Mark delivered no longer counts its failures.' },
} as const;

export const ZCheckOverrideRequest = z.object({
  reason: boundedText(CHECK_OVERRIDE_LIMITS.reasonMax, {
    min: 1,
    message: CHECK_OVERRIDE_MESSAGES.reasonRequired,
    multiline: true,
  }),
});
export type TCheckOverrideRequest = z.infer<typeof ZCheckOverrideRequest>;

/** The words of a check's state shown beside a file. */
export const CHECK_STATE_LABELS: Record<TCheckState, string> = {
  pending: 'Waiting to be checked',
  checking: 'Checking…',
  passed: 'Check passed',
  warned: 'Check passed with warnings',
  failed: 'Check failed',
};

/** The refusal of Mark delivered while files fail their check: names each file. */
export function failedChecksMessage(fileNames: readonly string[]) {
  return `These files failed their check: ${fileNames.join(', ')}. Replace them, or ask an admin to let them through.`;
}
