import type { TDatabase } from '@spacecapture/db/client';
import { ADMIN_CONSOLE_MESSAGES } from '@spacecapture/shared/contracts/admin-console/common';
import type {
  TFeatureFlagValues,
  TSettings,
  TUpdateSettingsRequest,
} from '@spacecapture/shared/contracts/admin-console/settings';
import { AppError } from '@spacecapture/shared/errors';
import type { TActor } from '../../lib/actor.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { DEFAULT_FEATURE_FLAGS } from './feature-flags-repository.ts';
import {
  findFeatureFlagsRow,
  lockFeatureFlagsRow,
  type TFeatureFlagsRow,
  updateFeatureFlagsRow,
} from './settings-repository.ts';

/** Who may change the MFA requirement of all admins (docs/decisions/016-mfa-requirement-master-admin-only.md). */
export function canChangeMfaRequirement(role: string) {
  return role === 'master_admin';
}

function flagsOf(row: TFeatureFlagsRow | undefined): TFeatureFlagValues {
  if (!row) return { ...DEFAULT_FEATURE_FLAGS };
  return {
    addressMaskingDefault: row.addressMaskingDefault,
    providerAcceptanceDeadlineHours: row.providerAcceptanceDeadlineHours,
    mfaRequiredForAdmins: row.mfaRequiredForAdmins,
    autoApproveDeliveries: row.autoApproveDeliveries,
    autoApproveAfterDays: row.autoApproveAfterDays,
    autoOfferCascade: row.autoOfferCascade,
    scheduledStripePayouts: row.scheduledStripePayouts,
  };
}

function view(row: TFeatureFlagsRow | undefined, role: string): TSettings {
  return {
    flags: flagsOf(row),
    updatedAt: row ? row.updatedAt.toISOString() : null,
    editable: {
      addressMaskingDefault: true,
      providerAcceptanceDeadlineHours: true,
      mfaRequiredForAdmins: canChangeMfaRequirement(role),
      autoApproveDeliveries: true,
      autoApproveAfterDays: true,
      autoOfferCascade: true,
      scheduledStripePayouts: true,
    },
  };
}

/**
 * Platform settings (spec 001 §2 /admin/settings, §3 feature_flags): the single row id 1. A save
 * that changes something writes exactly one audit entry with the flags before and after, in the
 * same transaction; a save that changes nothing writes nothing.
 */
export function createSettingsService(deps: { db: TDatabase }) {
  const { db } = deps;

  return {
    async get(actor: Pick<TActor, 'role'>): Promise<TSettings> {
      return view(await findFeatureFlagsRow(db), actor.role);
    },

    /**
     * Saves the flags. Turning the MFA requirement on or off is the master admin's alone, and
     * turning it on needs the caller's own second factor first (or they would shut themselves out
     * of the screen that turns it off again).
     */
    async update(request: TUpdateSettingsRequest, actor: TActor & { twoFactorEnabled: boolean }): Promise<TSettings> {
      return db.transaction(async (tx) => {
        const row = await lockFeatureFlagsRow(tx);
        const before = flagsOf(row);
        const after: TFeatureFlagValues = {
          addressMaskingDefault: request.addressMaskingDefault,
          providerAcceptanceDeadlineHours: request.providerAcceptanceDeadlineHours,
          mfaRequiredForAdmins: request.mfaRequiredForAdmins,
          // Left out by an older client: what is saved stays (decision 135).
          autoApproveDeliveries: request.autoApproveDeliveries ?? before.autoApproveDeliveries,
          autoApproveAfterDays: request.autoApproveAfterDays ?? before.autoApproveAfterDays,
          autoOfferCascade: request.autoOfferCascade ?? before.autoOfferCascade,
          scheduledStripePayouts: request.scheduledStripePayouts ?? before.scheduledStripePayouts,
        };
        if (before.mfaRequiredForAdmins !== after.mfaRequiredForAdmins && !canChangeMfaRequirement(actor.role)) {
          throw new AppError('forbidden', ADMIN_CONSOLE_MESSAGES.mfaMasterOnly, {
            mfaRequiredForAdmins: ADMIN_CONSOLE_MESSAGES.mfaMasterOnly,
          });
        }
        if (!before.mfaRequiredForAdmins && after.mfaRequiredForAdmins && !actor.twoFactorEnabled) {
          throw new AppError('validation_failed', ADMIN_CONSOLE_MESSAGES.mfaEnrolFirst, {
            mfaRequiredForAdmins: ADMIN_CONSOLE_MESSAGES.mfaEnrolFirst,
          });
        }
        const changed = (Object.keys(after) as (keyof TFeatureFlagValues)[]).filter(
          (key) => before[key] !== after[key],
        );
        if (changed.length === 0) return view(row, actor.role);
        const updated = await updateFeatureFlagsRow(tx, after);
        await recordAudit(tx, {
          entity: 'feature_flags',
          entityId: '1',
          action: 'update',
          before,
          after: { ...flagsOf(updated), changed },
          actorUserId: actor.userId,
        });
        return view(updated, actor.role);
      });
    },
  };
}

export type TSettingsService = ReturnType<typeof createSettingsService>;
