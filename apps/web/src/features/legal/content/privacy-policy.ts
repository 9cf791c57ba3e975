import { PRODUCT_NAME } from '@spacecapture/shared/paths';
import { SITE } from '../../../config/site.ts';
import { LEGAL_LAST_UPDATED, type TLegalDocument } from './legal-types.ts';

const address = `${PRODUCT_NAME}, ${SITE.address.street}, ${SITE.address.city}, ${SITE.address.country}`;

export const PRIVACY_POLICY: TLegalDocument = {
  title: 'Privacy Policy',
  lastUpdated: LEGAL_LAST_UPDATED,
  intro: [
    `This Privacy Policy explains how ${PRODUCT_NAME} ("we", "us", "our") collects, uses, shares and protects personal data when you visit our website, request a capture, apply as a provider, contact us or use our customer, provider and administrator portals (together, the "Service").`,
    `${PRODUCT_NAME} operates a managed marketplace that connects customers who need a physical space captured in 3D with certified providers who own capture devices. We are the controller of the personal data described in this policy. We are based in San Francisco, California, United States.`,
  ],
  sections: [
    {
      id: 'data-we-collect',
      title: '1. Personal data we collect',
      blocks: [
        'We collect only the data we need to run the marketplace:',
        {
          list: [
            'Capture requests: your name, e-mail address, phone number, company name (optional), the type, size and location of the space, the deliverables you need, your timeline and any additional information you give us.',
            'Provider applications: first and last name, e-mail address, phone number, company name, website (optional), the regions you cover, the capture devices you own, your experience level, your notes and, if you upload one, your portfolio file.',
            'Contact messages: your name, e-mail address, subject and message.',
            'Accounts: when you accept an invitation, your e-mail address, a password (stored only as a salted hash), your role, your organisation and, if you enable it, two-factor authentication settings.',
            'Jobs and deliverables: quotes, orders, schedules, site addresses, access notes and the files providers upload for a job (for example 3D models, point clouds, virtual tours and floor plans). A capture can show the interior of a space and anything visible in it.',
            'E-mail: the messages we send you (invitations, confirmations, notifications) and your replies to them.',
            'Technical data: your IP address, browser type, the pages you request and the time of each request, kept in server logs for security and troubleshooting.',
          ],
        },
        'We do not ask for payment card details on this website, and we do not knowingly collect special categories of personal data. Please do not include such data in free-text fields.',
      ],
    },
    {
      id: 'cookies',
      title: '2. Cookies',
      blocks: [
        'We use a single kind of cookie: a session cookie that keeps you signed in to a portal. It is strictly necessary, is set only when you sign in, contains no advertising or tracking identifier and is removed when you sign out or the session expires.',
        'We do not use advertising, analytics or third-party tracking cookies, so there is no cookie banner to accept. Public pages and forms work without any cookie.',
      ],
    },
    {
      id: 'how-we-use',
      title: '3. How we use your data and why',
      blocks: [
        {
          list: [
            'To answer and fulfil capture requests: review the request, prepare a quote, assign a provider, schedule the capture and deliver the results (performance of a contract or steps you asked us to take before one).',
            'To review provider applications, invite accepted providers and assign them jobs (steps you asked us to take before a contract, and the contract itself).',
            'To answer contact messages (our legitimate interest in replying to you).',
            'To run accounts and portals securely: authentication, access control, audit logs, abuse and fraud prevention, rate limiting (our legitimate interest in a secure service, and our legal obligations).',
            'To pay providers and keep accounting records (contract and legal obligations).',
            'To send service e-mails about your request, application, account or jobs. We do not send marketing e-mails unless you ask for them, and you can opt out at any time.',
          ],
        },
        'We do not sell your personal data, we do not share it for cross-context behavioural advertising, and we do not use it for automated decisions with legal or similarly significant effects.',
      ],
    },
    {
      id: 'sharing',
      title: '4. Who we share it with',
      blocks: [
        {
          list: [
            'Providers assigned to your job receive the job details they need: the space type and size, the site address (shown only when the job requires it), timing and access notes, and a contact for the visit.',
            'Customers receive the deliverables of their jobs and the name of the provider organisation that captured them.',
            'Service providers that host our servers, store files and deliver e-mail on our behalf, bound by contracts that limit their use of the data to providing their service to us.',
            'Authorities, courts or professional advisers when the law requires it or to establish, exercise or defend legal claims.',
            'A successor organisation if our business is reorganised, merged or sold, subject to this policy.',
          ],
        },
      ],
    },
    {
      id: 'retention',
      title: '5. How long we keep it',
      blocks: [
        {
          list: [
            'Capture requests that do not lead to an order: up to 24 months after the last contact, then deleted.',
            'Provider applications that are not accepted, and their portfolio files: up to 12 months after the decision, then deleted.',
            'Contact messages: up to 12 months after we answer them.',
            'Accounts: for as long as the account is active; after closure, account data is deleted within 90 days except what we must keep by law.',
            'Orders, quotes, payments and invoices: 7 years, to meet tax and accounting obligations.',
            'Deliverables: for as long as the customer organisation keeps its account, unless the customer deletes them earlier or asks us to.',
            'Server logs: up to 90 days.',
          ],
        },
      ],
    },
    {
      id: 'security',
      title: '6. Security',
      blocks: [
        'Data travels over encrypted connections (HTTPS). Passwords are stored as salted hashes, files are kept in private storage and shared through signed links that expire, and every portal checks on the server that you may see what you ask for. Administrative actions are recorded in an audit log. No system is perfectly secure; if a breach affects your data, we will notify you and the authorities as the law requires.',
      ],
    },
    {
      id: 'rights',
      title: '7. Your rights',
      blocks: [
        'Depending on where you live, you have the right to:',
        {
          list: [
            'know what personal data we hold about you and get a copy of it, in a portable format;',
            'have inaccurate data corrected;',
            'have your data deleted;',
            'object to or restrict processing based on our legitimate interests;',
            'withdraw consent where processing relies on it;',
            'not be discriminated against for exercising your rights.',
          ],
        },
        'California residents have these rights under the California Consumer Privacy Act as amended by the California Privacy Rights Act. Residents of the European Economic Area, the United Kingdom and Switzerland also have the right to lodge a complaint with their data protection authority.',
        `To exercise a right, write to ${SITE.privacyEmail}. We answer within 30 days (45 days where California law allows) and may ask you to confirm your identity first. You may use an authorised agent.`,
      ],
    },
    {
      id: 'transfers',
      title: '8. International transfers',
      blocks: [
        "We operate from the United States and our service providers may process data in the United States and other countries. When we transfer personal data from the European Economic Area, the United Kingdom or Switzerland, we rely on appropriate safeguards such as the European Commission's Standard Contractual Clauses.",
      ],
    },
    {
      id: 'children',
      title: '9. Children',
      blocks: [
        'The Service is meant for businesses and adults. We do not knowingly collect personal data from anyone under 16. If you believe a child has given us personal data, contact us and we will delete it.',
      ],
    },
    {
      id: 'changes',
      title: '10. Changes to this policy',
      blocks: [
        'We may update this policy when our Service or the law changes. We will post the new version on this page with a new date and, for significant changes, tell account holders by e-mail before the changes take effect.',
      ],
    },
    {
      id: 'contact',
      title: '11. Contact',
      blocks: [`Questions about this policy or your data: ${SITE.privacyEmail}, or by post to ${address}.`],
    },
  ],
};
