import type { TDatabase } from '@spacecapture/db/client';
import {
  CERTIFICATION_EXPIRY_IN_FUTURE,
  DEVICE_MESSAGES,
  type TCertification,
  type TCertificationRequest,
  type TDevice,
  type TDeviceRequest,
  type TUpdateDeviceRequest,
  type TUpdateProviderSettingsRequest,
} from '@spacecapture/shared/contracts/provider-portal';
import { AppError } from '@spacecapture/shared/errors';
import type { TActor } from '../../lib/actor.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { renameOrganization } from '../accounts/accounts-repository.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import {
  deleteDevice,
  findDevice,
  findProfile,
  findProviderOrg,
  insertCertification,
  insertDevice,
  lockCertification,
  updateCertification,
  updateDevice,
  upsertProfile,
} from './providers-repository.ts';
import { toCertification, toDevice } from './providers-view.ts';

/**
 * A provider organisation's devices, certifications and profile (spec 001 §2), each change with an
 * audit entry written in its transaction. The provider portal resolves the caller's organisation
 * and passes it in; the admins decide certifications here directly.
 */
export function createProvidersService(deps: { db: TDatabase; clock: () => Date }) {
  const { db, clock } = deps;

  /** A serial is unique across the inventory: the unique index's refusal becomes a 409. */
  async function writeDevice<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('conflict', DEVICE_MESSAGES.duplicateSerial);
      throw error;
    }
  }

  return {
    createDevice(actor: TActor, orgId: string, request: TDeviceRequest): Promise<TDevice> {
      return writeDevice(() =>
        db.transaction(async (tx) => {
          const row = await insertDevice(tx, { orgId, ...request });
          await recordAudit(tx, {
            entity: 'device',
            entityId: row.id,
            action: 'create',
            after: row,
            actorUserId: actor.userId,
          });
          return toDevice(row);
        }),
      );
    },

    updateDevice(actor: TActor, orgId: string, id: string, request: TUpdateDeviceRequest): Promise<TDevice> {
      return writeDevice(() =>
        db.transaction(async (tx) => {
          const before = await findDevice(tx, orgId, id);
          if (!before) throw new AppError('not_found', 'Device not found.');
          const values = Object.fromEntries(Object.entries(request).filter(([, value]) => value !== undefined));
          const row = Object.keys(values).length > 0 ? await updateDevice(tx, orgId, id, values) : before;
          await recordAudit(tx, {
            entity: 'device',
            entityId: id,
            action: 'update',
            before,
            after: row,
            actorUserId: actor.userId,
          });
          return toDevice(row ?? before);
        }),
      );
    },

    async deleteDevice(actor: TActor, orgId: string, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const row = await deleteDevice(tx, orgId, id);
        if (!row) throw new AppError('not_found', 'Device not found.');
        await recordAudit(tx, {
          entity: 'device',
          entityId: id,
          action: 'delete',
          before: row,
          actorUserId: actor.userId,
        });
      });
    },

    async requestCertification(actor: TActor, orgId: string, request: TCertificationRequest): Promise<TCertification> {
      if (request.expiry && new Date(request.expiry).getTime() <= clock().getTime()) {
        throw new AppError('validation_failed', CERTIFICATION_EXPIRY_IN_FUTURE, {
          expiry: CERTIFICATION_EXPIRY_IN_FUTURE,
        });
      }
      return db.transaction(async (tx) => {
        const row = await insertCertification(tx, {
          orgId,
          scope: request.scope,
          regions: request.regions,
          expiry: request.expiry ? new Date(request.expiry) : null,
          status: 'pending',
        });
        await recordAudit(tx, {
          entity: 'certification',
          entityId: row.id,
          action: 'request',
          after: row,
          actorUserId: actor.userId,
        });
        return toCertification(row);
      });
    },

    /** Admin: a pending certification becomes active (verify) or rejected; any other is a 409. */
    async decideCertification(actor: TActor, id: string, verdict: 'active' | 'rejected'): Promise<TCertification> {
      return db.transaction(async (tx) => {
        const before = await lockCertification(tx, id);
        if (!before) throw new AppError('not_found', 'Certification not found.');
        if (before.status !== 'pending') {
          throw new AppError('conflict', `Cannot move certification from ${before.status} to ${verdict}.`);
        }
        const row = await updateCertification(tx, id, { status: verdict, verifiedBy: actor.userId });
        await recordAudit(tx, {
          entity: 'certification',
          entityId: id,
          action: verdict === 'active' ? 'verify' : 'reject',
          before,
          after: row,
          actorUserId: actor.userId,
        });
        return toCertification(row);
      });
    },

    /** Saves the profile; renaming the business (the organisation) is for the provider_admin. */
    async updateProfile(actor: TActor, orgId: string, request: TUpdateProviderSettingsRequest): Promise<void> {
      await db.transaction(async (tx) => {
        const org = await findProviderOrg(tx, orgId);
        if (!org) throw new AppError('not_found', 'Organization not found.');
        const rename = request.businessName !== undefined && request.businessName !== org.name;
        if (rename && actor.role !== 'provider_admin') {
          throw new AppError('forbidden', 'Only a provider admin can change the business name.');
        }
        const before = await findProfile(tx, orgId);
        if (rename && request.businessName) await renameOrganization(tx, orgId, request.businessName, clock());
        const after = await upsertProfile(
          tx,
          {
            orgId,
            contactEmail: request.contactEmail,
            phone: request.phone,
            availability: request.availability,
            serviceRegions: request.serviceRegions,
            notificationPreferences: request.notifications,
          },
          clock(),
        );
        await recordAudit(tx, {
          entity: 'provider_profile',
          entityId: orgId,
          action: 'update',
          before: { ...before, businessName: org.name },
          after: { ...after, businessName: request.businessName ?? org.name },
          actorUserId: actor.userId,
        });
      });
    },
  };
}

export type TProvidersService = ReturnType<typeof createProvidersService>;
