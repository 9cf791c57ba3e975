import type { TDatabase, TExecutor } from '@spacecapture/db/client';
import {
  ANNOTATION_LIMITS,
  ANNOTATION_MESSAGES,
  type TAnnotation,
  type TAnnotationList,
  type TCreateAnnotationRequest,
  type TUpdateAnnotationRequest,
} from '@spacecapture/shared/contracts/annotations';
import { AppError } from '@spacecapture/shared/errors';
import { LINEAR_UNIT_NAMES, LINEAR_UNITS, measurementValue, type TLinearUnit } from '@spacecapture/shared/measurement';
import { deliverableViewerPath } from '@spacecapture/shared/portal-paths';
import type { TPortal } from '@spacecapture/shared/roles';
import type { TUnitSystem } from '@spacecapture/shared/units';
import type { TActor } from '../../lib/actor.ts';
import { findOrganization } from '../accounts/accounts-repository.ts';
import { acceptedProviderOf } from '../assignments/assignments-repository.ts';
import { recordAudit } from '../audit/audit-repository.ts';
import { findDeliverable } from '../deliverables/deliverables-repository.ts';
import { notifyScope } from '../notifications/notifications-service.ts';
import { findOrder } from '../orders/orders-repository.ts';
import { checksOfDeliverables } from '../quality-checks/quality-checks-repository.ts';
import {
  authorNameOf,
  countAnnotationsOfFile,
  deleteAnnotation,
  insertAnnotation,
  listAnnotationsOfFile,
  lockAnnotation,
  type TAnnotationRow,
  updateAnnotationLabel,
} from './annotations-repository.ts';

/** A file the caller may read, with what every answer about it needs. */
type TAnnotatedFile = {
  id: string;
  name: string;
  orderId: string;
  customerOrgId: string;
  providerOrgId: string | null;
  units: TLinearUnit;
  unitsStated: boolean;
};

/**
 * The file's linear unit (decision 240): what its quality check read from the coordinate system
 * (WKT or GeoTIFF keys, decision 236); metres when the file names none, as LAS and EPT tools assume.
 */
function unitsOf(facts: Record<string, unknown> | undefined): { units: TLinearUnit; unitsStated: boolean } {
  const stated = LINEAR_UNITS.find((unit) => unit === facts?.units);
  return stated ? { units: stated, unitsStated: true } : { units: 'metre', unitsStated: false };
}

function toView(row: TAnnotationRow, authorName: string | null, actor: TActor, portal: TPortal): TAnnotation {
  const mine = row.authorUserId !== null && row.authorUserId === actor.userId;
  return {
    id: row.id,
    fileId: row.deliverableId,
    position: { x: row.x, y: row.y, z: row.z },
    label: row.label,
    measurement: row.measurement
      ? {
          kind: row.measurement.kind,
          points: row.measurement.points,
          value: measurementValue(row.measurement.kind, row.measurement.points) ?? 0,
        }
      : null,
    author: row.authorUserId ? { id: row.authorUserId, name: authorName ?? 'Former member' } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    canEdit: mine,
    canDelete: mine || portal === 'admin',
  };
}

/** The CSV of a file's annotations: one row each, every coordinate in the file's own system. */
export const ANNOTATION_CSV_HEADER = [
  'id',
  'label',
  'x',
  'y',
  'z',
  'measurement',
  'value',
  'unit',
  'points',
  'author',
  'created_at',
  'updated_at',
] as const;

/**
 * Annotations on an order's files (decisions 240, 241): read, written and exported by the order's
 * people: the customer organisation's members, the provider organisation holding the job, and
 * admins. Another organisation's file is not found. Each write is audited in its transaction and
 * tells the other party in the app.
 */
export function createAnnotationsService(deps: { db: TDatabase; clock: () => Date }) {
  const { db, clock } = deps;

  /** The file, when the caller's portal and organisation may read it; otherwise 404. */
  async function readableFile(tx: TExecutor, actor: TActor, portal: TPortal, fileId: string): Promise<TAnnotatedFile> {
    const notFound = new AppError('not_found', ANNOTATION_MESSAGES.fileNotFound);
    const file = await findDeliverable(tx, fileId);
    if (!file) throw notFound;
    const found = await findOrder(tx, file.orderId);
    if (!found) throw notFound;
    const providerOrgId = (await acceptedProviderOf(tx, file.orderId)) ?? null;
    if (portal === 'customer' && (!actor.orgId || found.order.customerOrgId !== actor.orgId)) throw notFound;
    if (portal === 'provider' && (!actor.orgId || providerOrgId !== actor.orgId)) throw notFound;
    const checks = await checksOfDeliverables(tx, [file.id]);
    return {
      id: file.id,
      name: file.fileName,
      orderId: file.orderId,
      customerOrgId: found.order.customerOrgId,
      providerOrgId,
      ...unitsOf(checks.get(file.id)?.facts),
    };
  }

  /** Tells the order's other party (both, for an admin's change) in the app, with a link to the file. */
  async function tellOtherParty(
    tx: TExecutor,
    portal: TPortal,
    file: TAnnotatedFile,
    notice: { title: string; body: string },
  ) {
    const audiences: { org: string; portal: 'customer' | 'provider' }[] = [];
    if (portal !== 'customer') audiences.push({ org: file.customerOrgId, portal: 'customer' });
    if (portal !== 'provider' && file.providerOrgId) audiences.push({ org: file.providerOrgId, portal: 'provider' });
    for (const audience of audiences) {
      await notifyScope(
        tx,
        { org: audience.org },
        {
          type: 'annotation_changed',
          ...notice,
          link: deliverableViewerPath(audience.portal, file.orderId, file.id),
        },
      );
    }
  }

  async function listFor(actor: TActor, portal: TPortal, fileId: string) {
    const file = await readableFile(db, actor, portal, fileId);
    const [rows, organization] = await Promise.all([
      listAnnotationsOfFile(db, file.id),
      findOrganization(db, file.customerOrgId),
    ]);
    return { file, rows, unitSystem: (organization?.unitSystem ?? 'imperial') as TUnitSystem };
  }

  /** The annotation, when its file is one the caller may read; otherwise 404. */
  async function lockReadable(tx: TExecutor, actor: TActor, portal: TPortal, id: string) {
    const row = await lockAnnotation(tx, id);
    if (!row) throw new AppError('not_found', ANNOTATION_MESSAGES.notFound);
    try {
      return { row, file: await readableFile(tx, actor, portal, row.deliverableId) };
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') {
        throw new AppError('not_found', ANNOTATION_MESSAGES.notFound);
      }
      throw error;
    }
  }

  return {
    async list(actor: TActor, portal: TPortal, fileId: string): Promise<TAnnotationList> {
      const { file, rows, unitSystem } = await listFor(actor, portal, fileId);
      return {
        file: { id: file.id, name: file.name, units: file.units, unitsStated: file.unitsStated },
        unitSystem,
        annotations: rows.map(({ annotation, authorName }) => toView(annotation, authorName, actor, portal)),
      };
    },

    async create(actor: TActor, portal: TPortal, fileId: string, request: TCreateAnnotationRequest) {
      return db.transaction(async (tx) => {
        const file = await readableFile(tx, actor, portal, fileId);
        if ((await countAnnotationsOfFile(tx, file.id)) >= ANNOTATION_LIMITS.perFile) {
          throw new AppError('conflict', ANNOTATION_MESSAGES.tooMany);
        }
        const row = await insertAnnotation(tx, {
          deliverableId: file.id,
          orderId: file.orderId,
          position: request.position,
          measurement: request.measurement,
          label: request.label,
          authorUserId: actor.userId,
          at: clock(),
        });
        await recordAudit(tx, {
          entity: 'annotation',
          entityId: row.id,
          action: 'create',
          before: null,
          after: {
            fileId: file.id,
            orderId: file.orderId,
            label: row.label,
            position: request.position,
            measurement: request.measurement,
          },
          actorUserId: actor.userId,
        });
        const view = toView(row, await authorNameOf(tx, row), actor, portal);
        await tellOtherParty(tx, portal, file, {
          title: `Annotation added on ${file.name}`,
          body: `${view.author?.name ?? 'Someone'}: ${row.label}`,
        });
        return view;
      });
    },

    async update(actor: TActor, portal: TPortal, id: string, input: TUpdateAnnotationRequest) {
      return db.transaction(async (tx) => {
        const { row, file } = await lockReadable(tx, actor, portal, id);
        if (row.authorUserId !== actor.userId) throw new AppError('forbidden', ANNOTATION_MESSAGES.notAuthor);
        const updated = await updateAnnotationLabel(tx, row.id, input.label, clock());
        await recordAudit(tx, {
          entity: 'annotation',
          entityId: row.id,
          action: 'update',
          before: { label: row.label },
          after: { label: updated.label, fileId: file.id, orderId: file.orderId },
          actorUserId: actor.userId,
        });
        const view = toView(updated, await authorNameOf(tx, updated), actor, portal);
        await tellOtherParty(tx, portal, file, {
          title: `Annotation changed on ${file.name}`,
          body: `${view.author?.name ?? 'Someone'}: ${updated.label}`,
        });
        return view;
      });
    },

    async remove(actor: TActor, portal: TPortal, id: string) {
      return db.transaction(async (tx) => {
        const { row, file } = await lockReadable(tx, actor, portal, id);
        if (row.authorUserId !== actor.userId && portal !== 'admin') {
          throw new AppError('forbidden', ANNOTATION_MESSAGES.notAuthorToDelete);
        }
        await deleteAnnotation(tx, row.id, file.id);
        await recordAudit(tx, {
          entity: 'annotation',
          entityId: row.id,
          action: 'delete',
          before: {
            fileId: file.id,
            orderId: file.orderId,
            label: row.label,
            position: { x: row.x, y: row.y, z: row.z },
            measurement: row.measurement,
            authorUserId: row.authorUserId,
          },
          after: null,
          actorUserId: actor.userId,
        });
        await tellOtherParty(tx, portal, file, {
          title: `Annotation removed from ${file.name}`,
          body: row.label,
        });
        return { id: row.id, deleted: true as const };
      });
    },

    /** The export as JSON: the file, its coordinate units, and each annotation in the file's coordinates. */
    async exportJson(actor: TActor, portal: TPortal, fileId: string) {
      const { file, rows } = await listFor(actor, portal, fileId);
      const names = LINEAR_UNIT_NAMES[file.units];
      return {
        fileName: file.name,
        body: {
          file: { id: file.id, name: file.name },
          coordinateSystem: {
            note: "Coordinates are the file's own (its coordinate reference system, scale and offset applied).",
            units: file.units,
            unitsStated: file.unitsStated,
          },
          exportedAt: clock().toISOString(),
          annotations: rows.map(({ annotation, authorName }) => {
            const view = toView(annotation, authorName, actor, portal);
            return {
              id: view.id,
              label: view.label,
              position: view.position,
              measurement: view.measurement
                ? {
                    ...view.measurement,
                    unit: view.measurement.kind === 'area' ? names.area : names.length,
                  }
                : null,
              author: view.author?.name ?? null,
              createdAt: view.createdAt,
              updatedAt: view.updatedAt,
            };
          }),
        },
      };
    },

    /** The export as CSV rows (ANNOTATION_CSV_HEADER), in the file's coordinates. */
    async exportRows(actor: TActor, portal: TPortal, fileId: string) {
      const { file, rows } = await listFor(actor, portal, fileId);
      const names = LINEAR_UNIT_NAMES[file.units];
      return {
        fileName: file.name,
        rows: rows.map(({ annotation, authorName }) => {
          const view = toView(annotation, authorName, actor, portal);
          const measured = view.measurement;
          return [
            view.id,
            view.label,
            view.position.x,
            view.position.y,
            view.position.z,
            measured?.kind ?? '',
            measured ? measured.value : '',
            measured ? (measured.kind === 'area' ? names.area : names.length) : '',
            measured ? measured.points.map((point) => `${point.x} ${point.y} ${point.z}`).join('; ') : '',
            view.author?.name ?? '',
            view.createdAt,
            view.updatedAt,
          ];
        }),
      };
    },
  };
}

export type TAnnotationsService = ReturnType<typeof createAnnotationsService>;
