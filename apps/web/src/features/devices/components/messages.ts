/** Our own toasts for devices (the spec names none for this screen). */
export const DEVICE_TOASTS = {
  deviceAdded: { title: 'Device added', message: 'It is listed in your inventory.' },
  deviceUpdated: { title: 'Device updated', message: 'Your changes are saved.' },
  deviceRemoved: { title: 'Device removed', message: 'It is no longer listed in your inventory.' },
} as const;

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
