import type { TCaptureDevice } from './enums.ts';

/** Static service catalogues (spec 000 §3, §9): use cases and deliverables, USD, turnaround. */

export type TUseCase = {
  id: 'real-estate' | 'insurance' | 'aec' | 'cultural' | 'retail' | 'hospitality';
  name: string;
  description: string;
  deliverables: readonly string[];
  turnaround: string;
  pricing: string;
};

export type TDeliverable = {
  id: 'floor-plans' | 'indoor-tour' | 'outdoor-capture' | 'aerial-view' | 'point-clouds';
  name: string;
  description: string;
  devices: readonly TCaptureDevice[];
  turnaround: string;
  pricing: string;
};

export const USE_CASES: readonly TUseCase[] = [
  {
    id: 'real-estate',
    name: 'Real Estate',
    description:
      'Immersive virtual tours and accurate floor plans that let buyers and renters walk a property before they visit.',
    deliverables: ['Virtual Tour', 'Floor Plans', 'Photos'],
    turnaround: '24-48 hours',
    pricing: '$99-$299',
  },
  {
    id: 'insurance',
    name: 'Insurance & Claims',
    description: 'A complete, measurable record of a property before or after a loss, for faster and fairer claims.',
    deliverables: ['Virtual Tour', 'Measurements', 'Damage Documentation'],
    turnaround: 'same day to 24 hours',
    pricing: '$149-$349',
  },
  {
    id: 'aec',
    name: 'Architecture, Engineering & Construction',
    description:
      'As-built documentation, progress tracking and point clouds that feed straight into CAD and BIM workflows.',
    deliverables: ['Point Cloud', 'BIM Files', 'Floor Plans', 'Virtual Tour'],
    turnaround: '48-72 hours',
    pricing: '$299-$999+',
  },
  {
    id: 'cultural',
    name: 'Cultural Heritage & Museums',
    description:
      'Preserve galleries, monuments and historic sites as digital twins and share exhibitions with a global audience.',
    deliverables: ['Digital Twin', 'Virtual Tour', 'Point Cloud'],
    turnaround: '48-96 hours',
    pricing: '$249-$799',
  },
  {
    id: 'retail',
    name: 'Retail & Showrooms',
    description: 'Virtual storefronts and store-layout planning that let customers browse from anywhere.',
    deliverables: ['Virtual Tour', 'Floor Plans', '3D Model'],
    turnaround: '24-48 hours',
    pricing: '$199-$499',
  },
  {
    id: 'hospitality',
    name: 'Hospitality & Venues',
    description: 'Hotels, restaurants and event venues shown in full, so guests and planners book with confidence.',
    deliverables: ['Virtual Tour', '3D Model', 'Floor Plans'],
    turnaround: '24-72 hours',
    pricing: '$199-$699',
  },
];

export const DELIVERABLES: readonly TDeliverable[] = [
  {
    id: 'floor-plans',
    name: 'Floor Plans',
    description: 'Accurate 2D schematic floor plans with room dimensions, delivered as PDF and image files.',
    devices: ['MINION', 'PRO', 'META'],
    turnaround: '24-48 hours',
    pricing: '$99-$299',
  },
  {
    id: 'indoor-tour',
    name: 'Indoor Virtual Tour',
    description: 'An interactive 3D walkthrough of interior spaces, shareable as a link or embedded as an HTML tour.',
    devices: ['MINION', 'PRO', 'META'],
    turnaround: '24-48 hours',
    pricing: '$149-$399',
  },
  {
    id: 'outdoor-capture',
    name: 'Outdoor Capture',
    description: 'Facades, courtyards, gardens and exterior areas captured in 3D alongside the interior.',
    devices: ['PRO', 'META'],
    turnaround: '24-48 hours',
    pricing: '$199-$499',
  },
  {
    id: 'aerial-view',
    name: 'Aerial View',
    description: 'An elevated perspective of the property and its surroundings, combined with the 3D model.',
    devices: ['PRO', 'META'],
    turnaround: '48-72 hours',
    pricing: '$299-$599',
  },
  {
    id: 'point-clouds',
    name: 'Point Clouds',
    description: 'Survey-grade point clouds in E57 and PLY for engineering, BIM and precise measurement.',
    devices: ['META'],
    turnaround: '48-96 hours',
    pricing: '$399-$999+',
  },
];
