import { DEVICE_MODELS } from './contracts/provider-portal.ts';
import { providerFitsCaptureType } from './provider-fit.ts';

/**
 * What a job asks of the provider on site (decision 207): the device models that can do its
 * capture type (the rule of provider-fit.ts, decision 107) and the files the customer expects
 * back, after the formats the service catalogue promises (spec 000 §9).
 */

/** The vendor's device models that can do a capture type. */
export function devicesForCaptureType(captureType: string): string[] {
  return DEVICE_MODELS.filter((model) => providerFitsCaptureType(captureType, [model]).fits);
}

const MODEL = '3D model: a textured mesh (GLB or OBJ)';
const TOUR = 'Virtual tour: an interactive 3D walkthrough, shared as a link or an HTML tour';
const POINT_CLOUD = 'Point cloud: survey-grade, in E57 and PLY';
const FLOOR_PLAN = 'Floor plans: 2D plans with room dimensions, as PDF and image files';
const TWIN = 'Digital twin: the whole space as a measurable 3D model with its virtual tour';

const EXPECTED: Record<string, readonly string[]> = {
  '3d-model': [MODEL],
  'virtual-tour': [TOUR],
  'point-cloud': [POINT_CLOUD],
  'floor-plan': [FLOOR_PLAN],
  'digital-twin': [TWIN, MODEL],
  all: [MODEL, TOUR, POINT_CLOUD, FLOOR_PLAN, TWIN],
};

/** The deliverables a capture type's customer expects; an unknown type names none. */
export function deliverablesForCaptureType(captureType: string): readonly string[] {
  return EXPECTED[captureType] ?? [];
}
