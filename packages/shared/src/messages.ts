/** The spec's words, letter for letter (spec 000 §5 and §8). One place, used by web and server. */

export const VALIDATION = {
  name: 'Name must be at least 2 characters.',
  email: 'Please enter a valid email address.',
  phone: 'Please enter a valid phone number.',
  spaceType: 'Please select a space type.',
  location: 'Location is required.',
  spaceSize: 'Please select a space size.',
  captureType: 'Please select what you need.',
  timeline: 'Please select a timeline.',
  terms: 'You must agree to the terms and conditions.',
  firstName: 'First name must be at least 2 characters.',
  lastName: 'Last name must be at least 2 characters.',
  companyName: 'Company name is required.',
  website: 'Please enter a valid URL.',
  regions: 'Please enter the regions you cover.',
  devices: 'Please select which devices you own.',
  experienceLevel: 'Please select your experience level.',
  required: 'This field is required.',
} as const;

export type TToast = { readonly title: string; readonly message: string };

export const TOASTS = {
  requestSubmitted: {
    title: 'Request Submitted',
    message: "We've received your request. An admin will review it shortly.",
  },
  applicationSubmitted: {
    title: 'Application Submitted',
    message: "We'll review your application and get back to you soon.",
  },
  messageSent: { title: 'Message Sent', message: "We'll respond to your inquiry as soon as possible." },
  contactFailed: { title: 'Error', message: 'There was a problem sending your message. Please try again.' },
  submissionFailedTitle: 'Error',
  submissionFailedFallback: 'Submission failed. Please try again.',
} as const satisfies Record<string, TToast | string>;

export const EMAIL_SUBJECTS = {
  captureRequest: 'New Capture Request',
  providerApplication: 'New Provider Application',
  contactMessage: 'New Contact Message',
} as const;
