import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { TDatabase } from '@spacecapture/db/client';
import {
  BRANDING_MESSAGES,
  type LOGO_CONTENT_TYPES,
  type TOrganizationBranding,
  type ZUpdateBrandingRequest,
} from '@spacecapture/shared/contracts/share-links';
import { AppError } from '@spacecapture/shared/errors';
import type { z } from 'zod';
import type { TActor } from '../../lib/actor.ts';
import { containedScript, runContained, type TContainedLimits } from '../../lib/contained-process.ts';
import { findOrganization, lockOrganization, updateOrganizationBranding } from '../accounts/accounts-repository.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import type { TFileStore } from '../storage/file-store.ts';

/**
 * A customer organisation's branding for its branded share pages (decision 223): accent colour,
 * contact and logo, set by its admins on the Organisation page. A logo is never stored as sent:
 * the contained image process of the thumbnails (decision 171) decodes it under limits and
 * re-encodes it as a small WebP, so an SVG's script or a decompression bomb never reaches a page.
 */

/**
 * The logo's child gets less memory than a deliverable's thumbnail (logos are small) but the same
 * time: the clock is wall time, and on a busy machine most of it goes to starting the child.
 */
export const LOGO_LIMITS: TContainedLimits = {
  timeoutMs: 20_000,
  maxHeapMb: 256,
  maxRssMb: 512,
  maxOutputBytes: 1024 * 1024,
};

/** The name the image process reads the type from, per content type accepted. */
const NAME_OF_TYPE: Record<(typeof LOGO_CONTENT_TYPES)[number], string> = {
  'image/png': 'logo.png',
  'image/jpeg': 'logo.jpg',
  'image/webp': 'logo.webp',
  'image/svg+xml': 'logo.svg',
};

/** The child that re-encodes an image: bundled beside the server, or the thumbnails module's source. */
const imageScript = () =>
  containedScript([
    new URL('./thumbnail-process.mjs', import.meta.url),
    new URL('../thumbnails/thumbnail-process.ts', import.meta.url),
  ]);

function adminOrgOf(actor: TActor) {
  if (actor.role !== 'customer_admin' || !actor.orgId) {
    throw new AppError('forbidden', 'Only a customer admin can change the branding.');
  }
  return actor.orgId;
}

type TOrgRow = NonNullable<Awaited<ReturnType<typeof findOrganization>>>;

function brandingOf(org: TOrgRow, logoUrl: string | null): TOrganizationBranding {
  return {
    color: org.brandColor,
    contactName: org.brandContactName,
    contactEmail: org.brandContactEmail,
    contactPhone: org.brandContactPhone,
    logoUrl: org.brandLogoKey ? logoUrl : null,
  };
}

/** The portal's address of the logo; the key's last part makes a new logo a new address. */
function portalLogoUrl(org: TOrgRow) {
  return org.brandLogoKey ? `/api/customer/organization/logo?v=${path.basename(org.brandLogoKey, '.webp')}` : null;
}

export function createBrandingService(deps: {
  db: TDatabase;
  clock: () => Date;
  files: TFileStore;
  logoLimits?: TContainedLimits;
}) {
  const { db, clock, files } = deps;

  async function customerOrg(actor: TActor) {
    const org = actor.orgId ? await findOrganization(db, actor.orgId) : undefined;
    if (org?.type !== 'customer') throw new AppError('not_found', 'Organization not found.');
    return org;
  }

  /** Records the new logo key (or none) with its audit entry; the replaced file goes after the commit. */
  async function replaceLogo(actor: TActor, orgId: string, key: string | null) {
    const { before, after } = await db.transaction(async (tx) => {
      const locked = await lockOrganization(tx, orgId);
      if (!locked) throw new AppError('not_found', 'Organization not found.');
      const updated = await updateOrganizationBranding(tx, orgId, { logoKey: key }, clock());
      await recordAudit(tx, {
        entity: 'organization',
        entityId: orgId,
        action: key ? 'set_logo' : 'remove_logo',
        before: { logoKey: locked.brandLogoKey },
        after: { logoKey: key },
        actorUserId: actor.userId,
      });
      return { before: locked, after: updated };
    });
    if (before.brandLogoKey && before.brandLogoKey !== key) await files.remove(before.brandLogoKey).catch(() => {});
    return brandingOf(after, portalLogoUrl(after));
  }

  return {
    async get(actor: TActor): Promise<TOrganizationBranding> {
      const org = await customerOrg(actor);
      return brandingOf(org, portalLogoUrl(org));
    },

    async update(actor: TActor, input: z.output<typeof ZUpdateBrandingRequest>): Promise<TOrganizationBranding> {
      const orgId = adminOrgOf(actor);
      await customerOrg(actor);
      const after = await db.transaction(async (tx) => {
        const before = await lockOrganization(tx, orgId);
        if (!before) throw new AppError('not_found', 'Organization not found.');
        const updated = await updateOrganizationBranding(tx, orgId, input, clock());
        await recordAudit(tx, {
          entity: 'organization',
          entityId: orgId,
          action: 'update_branding',
          before: {
            color: before.brandColor,
            contactName: before.brandContactName,
            contactEmail: before.brandContactEmail,
            contactPhone: before.brandContactPhone,
          },
          after: input,
          actorUserId: actor.userId,
        });
        return updated;
      });
      return brandingOf(after, portalLogoUrl(after));
    },

    /**
     * A new logo: the image is decoded and re-encoded in the contained child (time, memory and
     * pixel limits); what cannot be read there is refused with 400 and nothing changes.
     */
    async setLogo(actor: TActor, image: Buffer, contentType: string): Promise<TOrganizationBranding> {
      const orgId = adminOrgOf(actor);
      await customerOrg(actor);
      const name = NAME_OF_TYPE[contentType as keyof typeof NAME_OF_TYPE];
      if (!name) throw new AppError('unsupported_media_type', BRANDING_MESSAGES.logoUnreadable);
      const made = await runContained(imageScript(), [name], Readable.from([image]), deps.logoLimits ?? LOGO_LIMITS);
      if (!made.ok) throw new AppError('validation_failed', BRANDING_MESSAGES.logoUnreadable, { logo: made.reason });
      const key = `logos/${orgId}-${clock().getTime()}-${randomUUID().slice(0, 8)}.webp`;
      const temp = path.join(await files.tempDir(), `logo-${randomUUID()}`);
      await writeFile(temp, made.output);
      try {
        await files.adopt(temp, key);
      } catch (error) {
        await files.discardTemp(temp);
        throw error;
      }
      try {
        return await replaceLogo(actor, orgId, key);
      } catch (error) {
        await files.remove(key).catch(() => {});
        throw error;
      }
    },

    async removeLogo(actor: TActor): Promise<TOrganizationBranding> {
      const orgId = adminOrgOf(actor);
      await customerOrg(actor);
      return replaceLogo(actor, orgId, null);
    },

    /** The storage key of the caller's organisation's logo (404 without one). */
    async logoKey(actor: TActor) {
      const org = await customerOrg(actor);
      if (!org.brandLogoKey) throw new AppError('not_found', 'No logo yet.');
      return org.brandLogoKey;
    },
  };
}

export type TBrandingService = ReturnType<typeof createBrandingService>;
