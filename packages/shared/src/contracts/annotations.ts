import { z } from 'zod';
import { boundedText } from '../fields.ts';
import { LINEAR_UNITS, MEASUREMENT_KINDS, MEASUREMENT_POINTS } from '../measurement.ts';
import { ZUnitSystem } from '../units.ts';

/**
 * Annotations on a point-cloud deliverable (decisions 240, 241): a label at a position in the
 * file's own coordinate system, optionally with the measurement it records (distance, area or
 * height, by its points). Kept on the server and shared with the order's people: the customer
 * organisation, the provider holding the job, admins.
 */

export const ANNOTATION_LIMITS = {
  labelMax: 500,
  /** How many annotations one file keeps: enough for a survey, bounded for the list and the view. */
  perFile: 1000,
  /** Coordinates are survey figures (UTM eastings and northings are millions): finite, within a billion. */
  coordinateMax: 1e9,
} as const;

export const ANNOTATION_MESSAGES = {
  labelRequired: 'Write a label for the annotation.',
  coordinate: `Coordinates must be numbers between -${ANNOTATION_LIMITS.coordinateMax.toLocaleString('en-US')} and ${ANNOTATION_LIMITS.coordinateMax.toLocaleString('en-US')}.`,
  tooMany: `This file already has ${ANNOTATION_LIMITS.perFile.toLocaleString('en-US')} annotations: remove some before adding more.`,
  notAuthor: 'Only the person who wrote an annotation can change it.',
  notAuthorToDelete: 'Only the person who wrote an annotation, or an admin, can remove it.',
  notFound: 'Annotation not found.',
  fileNotFound: 'File not found.',
  saved: { title: 'Annotation saved', message: 'The order’s people see it on this file.' },
  updated: { title: 'Annotation changed', message: 'The new label is saved.' },
  removed: { title: 'Annotation removed', message: 'It is no longer shown on this file.' },
} as const;

const coordinate = z
  .number({ error: ANNOTATION_MESSAGES.coordinate })
  .finite(ANNOTATION_MESSAGES.coordinate)
  .min(-ANNOTATION_LIMITS.coordinateMax, ANNOTATION_MESSAGES.coordinate)
  .max(ANNOTATION_LIMITS.coordinateMax, ANNOTATION_MESSAGES.coordinate);

export const ZPoint3 = z.object({ x: coordinate, y: coordinate, z: coordinate }).strict();

function measurementOf<const K extends (typeof MEASUREMENT_KINDS)[number]>(kind: K) {
  const { min, max } = MEASUREMENT_POINTS[kind];
  const count = min === max ? `${min} points` : `${min} to ${max} points`;
  const message = `${kind === 'area' ? 'An' : 'A'} ${kind} takes ${count}.`;
  return z
    .object({
      kind: z.literal(kind),
      points: z.array(ZPoint3).min(min, message).max(max, message),
    })
    .strict();
}

/** What a measurement records: its kind and the points picked, in the file's coordinates. */
export const ZMeasurementInput = z.discriminatedUnion('kind', [
  measurementOf('distance'),
  measurementOf('area'),
  measurementOf('height'),
]);
export type TMeasurementInput = z.infer<typeof ZMeasurementInput>;

const label = boundedText(ANNOTATION_LIMITS.labelMax, { min: 1, message: ANNOTATION_MESSAGES.labelRequired });

export const ZCreateAnnotationRequest = z
  .object({
    position: ZPoint3,
    label,
    measurement: ZMeasurementInput.nullish().transform((value) => value ?? null),
  })
  .strict();
/** The request as the server reads it (a measurement left out is null). */
export type TCreateAnnotationRequest = z.output<typeof ZCreateAnnotationRequest>;

/** An annotation's author changes its label; its point and measurement stay as they were taken. */
export const ZUpdateAnnotationRequest = z.object({ label }).strict();
export type TUpdateAnnotationRequest = z.infer<typeof ZUpdateAnnotationRequest>;

export const ZLinearUnit = z.enum(LINEAR_UNITS);

export const ZAnnotation = z.object({
  id: z.uuid(),
  fileId: z.uuid(),
  position: ZPoint3,
  label: z.string(),
  measurement: z
    .object({
      kind: z.enum(MEASUREMENT_KINDS),
      points: z.array(ZPoint3),
      /** In the file's units (an area in square units). */
      value: z.number(),
    })
    .nullable(),
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The caller wrote it: may change its label and remove it. */
  canEdit: z.boolean(),
  /** The caller wrote it or is an admin. */
  canDelete: z.boolean(),
});
export type TAnnotation = z.infer<typeof ZAnnotation>;

/** The file's coordinate units as the server knows them. */
export const ZAnnotatedFile = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The linear unit of the file's coordinates. */
  units: ZLinearUnit,
  /** False when the file names no unit and metres are assumed (decision 240). */
  unitsStated: z.boolean(),
});

export const ZAnnotationList = z.object({
  file: ZAnnotatedFile,
  /** The order's customer organisation's unit system: every party reads the same figures. */
  unitSystem: ZUnitSystem,
  annotations: z.array(ZAnnotation),
});
export type TAnnotationList = z.infer<typeof ZAnnotationList>;

export const ZDeletedAnnotation = z.object({ id: z.uuid(), deleted: z.literal(true) });
