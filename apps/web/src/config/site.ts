/** Placeholder contact details and external links shown in the chrome and on the contact page. */
export const SITE = {
  email: 'hello@spacecapture.example',
  privacyEmail: 'privacy@spacecapture.example',
  phoneDisplay: '+1 (415) 555-0142',
  phoneHref: 'tel:+14155550142',
  address: {
    street: '500 Howard Street, Suite 300',
    city: 'San Francisco, CA 94105',
    country: 'United States',
  },
  spacePlatformUrl: 'https://my.spacecapture.example',
  hardwareUrl: 'https://hardware.spacecapture.example',
  social: {
    linkedin: 'https://www.linkedin.com/',
    twitter: 'https://twitter.com/',
    instagram: 'https://www.instagram.com/',
  },
} as const;
