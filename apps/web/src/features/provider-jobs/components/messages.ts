/** Our own toasts for devices and certifications (the spec names none for these screens). */
export const PROVIDER_JOBS_TOASTS = {
  deviceAdded: { title: 'Device added', message: 'It is listed in your inventory.' },
  deviceUpdated: { title: 'Device updated', message: 'Your changes are saved.' },
  deviceRemoved: { title: 'Device removed', message: 'It is no longer listed in your inventory.' },
  certificationSubmitted: { title: 'Certification submitted', message: 'An admin will verify it.' },
} as const;

export const PROVIDER_ADMIN_ONLY = 'Only a provider admin of your organization can make changes here.';

/** Suggested capabilities (any text of 1 to 40 characters may be added). */
export const CAPABILITY_SUGGESTIONS = [
  '3D Model',
  'Virtual Tour',
  'Point Cloud',
  'Floor Plan',
  'Digital Twin',
  'LiDAR',
  'Outdoor',
  'HDR photos',
];
