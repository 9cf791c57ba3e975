import { PATHS } from './paths.ts';

/**
 * The public forms as plain HTML form posts (decision 068). Before their script has run (a slow
 * phone, a blocked script) the browser submits the prerendered form itself: it posts to `action`,
 * a server route that validates with the form's contract, stores like the JSON API and answers a
 * page of its own, so nothing the visitor typed ever goes into a URL. The hydrated form keeps the
 * same attributes and sends JSON instead. `success` is the text of the form's success panel and of
 * the server's success page alike.
 */
export const FORM_POSTS = {
  captureRequest: {
    action: '/api/public/forms/capture-request',
    page: PATHS.request,
    success: {
      title: 'Request Submitted Successfully!',
      message:
        'Thank you! An admin will review your request shortly and get back to you with a quote and the next steps.',
    },
  },
  providerApplication: {
    action: '/api/public/forms/provider-application',
    page: PATHS.provider,
    success: {
      title: 'Application Received!',
      message: "Thank you for applying. We'll review your application and get back to you soon with the next steps.",
    },
  },
  contactMessage: {
    action: '/api/public/forms/contact-message',
    page: PATHS.contact,
    success: {
      title: 'Thank You!',
      message: "Your message has been successfully sent. We'll get back to you as soon as possible.",
    },
  },
} as const;

export type TFormPostName = keyof typeof FORM_POSTS;
