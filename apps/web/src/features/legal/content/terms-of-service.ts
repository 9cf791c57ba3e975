import { PRODUCT_NAME } from '@spacecapture/shared/paths';
import { SITE } from '../../../config/site.ts';
import { LEGAL_LAST_UPDATED, type TLegalDocument } from './legal-types.ts';

const address = `${PRODUCT_NAME}, ${SITE.address.street}, ${SITE.address.city}, ${SITE.address.country}`;

export const TERMS_OF_SERVICE: TLegalDocument = {
  title: 'Terms of Service',
  lastUpdated: LEGAL_LAST_UPDATED,
  intro: [
    `These Terms of Service ("Terms") govern your use of the ${PRODUCT_NAME} website, public forms and portals (the "Service"), operated by ${PRODUCT_NAME} from San Francisco, California, United States ("we", "us", "our").`,
    'By using the Service, submitting a form or creating an account, you agree to these Terms. If you use the Service on behalf of an organisation, you confirm that you may bind it, and "you" includes that organisation.',
  ],
  sections: [
    {
      id: 'service',
      title: '1. The Service',
      blocks: [
        `${PRODUCT_NAME} is a managed marketplace for 3D space capture. Customers request captures of physical spaces; we quote, schedule and manage each job; independent certified providers, who own the vendor's capture devices (PRO, MINION, META or MEGA), capture the space and upload the deliverables; customers download them from their portal.`,
        'Price estimates shown on the website, including the Quote Estimator, are indicative only. Only a quote we send you is an offer.',
      ],
    },
    {
      id: 'roles',
      title: '2. Roles',
      blocks: [
        {
          list: [
            'Visitors may browse the website, submit capture requests, provider applications and contact messages, and use the Quote Estimator without an account.',
            "Customers are organisations that order captures. A customer administrator manages the organisation's orders, quotes, users and deliverables.",
            "Providers are independent businesses certified by us to capture spaces. A provider administrator manages the organisation's jobs, schedule and users.",
            'Administrators are our staff, who review requests and applications, quote, assign jobs, confirm deliveries and audit the Service.',
          ],
        },
        'Providers are independent contractors, not our employees or agents. Nothing in these Terms creates a partnership, joint venture or employment relationship.',
      ],
    },
    {
      id: 'accounts',
      title: '3. Invitations and accounts',
      blocks: [
        'Accounts are invite-only. An account can be created only with a pending invitation sent to the same e-mail address, and it is tied to the organisation and account type of that invitation. Invitations are personal and expire.',
        'You must give accurate information, keep your password confidential, enable the security features we offer where appropriate, and tell us at once if you suspect unauthorised use. You are responsible for activity under your account.',
      ],
    },
    {
      id: 'quotes-orders',
      title: '4. Requests, quotes and orders',
      blocks: [
        'A capture request is an invitation for us to quote; it does not bind you or us. We may decline a request, for example when no provider covers the location.',
        'A quote states the price, the deliverables and its validity period. It becomes a binding order when you accept it in your portal before it expires. Expired or declined quotes cannot be accepted.',
        'You must give the provider safe access to the space at the agreed time, make sure you are entitled to have it captured, and obtain any permission needed from owners, tenants or people present. Please remove or cover anything you do not want captured.',
      ],
    },
    {
      id: 'payments',
      title: '5. Prices and payments',
      blocks: [
        'Customers pay us the price in the accepted quote, in US dollars, plus any applicable taxes, on the terms stated in the quote or invoice. Rush options cost more, as shown in the quote. Late payments may bear interest at the lower of 1% per month or the maximum rate allowed by law.',
        'Providers are paid by us, not by customers, for each job whose deliverables have been delivered and accepted. Payment is typically made within 14 days after acceptance, at the amount shown in the job offer the provider accepted. Providers are responsible for their own taxes, insurance, equipment and expenses.',
      ],
    },
    {
      id: 'provider-obligations',
      title: '6. Provider obligations',
      blocks: [
        {
          list: [
            'Own and use an official capture device suitable for the job, kept in good working order.',
            "Hold the licences and insurance your jurisdiction requires for working on clients' premises.",
            'Accept or decline job offers in time, keep appointments, and behave professionally and respectfully on site.',
            'Upload complete deliverables that meet our quality standards within the agreed time.',
            'Use customer information, site addresses and captured data only to perform the job, keep them confidential, and delete local copies once the job is completed.',
            'Not solicit customers met through the Service to contract directly for the same services for 12 months after the job.',
          ],
        },
      ],
    },
    {
      id: 'deliverables',
      title: '7. Deliverables and licence',
      blocks: [
        'When an order is paid in full, the customer receives a worldwide, perpetual, non-exclusive licence to use, copy, modify, display and share the deliverables of that order for any lawful purpose, including commercial use. Providers grant us the rights needed to pass this licence on to the customer.',
        "We and the provider may keep copies of deliverables to perform the Service, handle support and meet legal obligations. We will not publish a customer's deliverables or use them in marketing without the customer's written permission.",
        "Deliverables stay available in the customer portal while the customer's account is active. Please keep your own copies.",
      ],
    },
    {
      id: 'cancellations',
      title: '8. Cancellations and rescheduling',
      blocks: [
        {
          list: [
            'Customers may cancel or reschedule an order free of charge up to 48 hours before the scheduled capture.',
            "Cancellations later than 48 hours before the capture, or a visit that cannot take place because the space was not accessible, may be charged up to 50% of the order price to cover the provider's time.",
            'Once the capture has taken place, the order can no longer be cancelled.',
            'If a provider cancels, we will try to assign another provider at no extra cost; if we cannot, you may cancel with a full refund of anything paid for that order.',
            'If deliverables do not match the order, tell us within 14 days of delivery and we will have them corrected or, if that is not possible, refund the affected part of the price.',
          ],
        },
      ],
    },
    {
      id: 'acceptable-use',
      title: '9. Acceptable use',
      blocks: [
        'You must not use the Service to break the law; capture spaces without the right to do so; infringe the privacy or intellectual property of others; upload malware or unlawful content; probe, overload or bypass the security of the Service; scrape it; or access data of another organisation. We may suspend accounts that do.',
      ],
    },
    {
      id: 'ip',
      title: '10. Our intellectual property',
      blocks: [
        `The Service, its software, design, texts and the ${PRODUCT_NAME} name and logo belong to us or our licensors. Apart from the licence to deliverables above, these Terms give you no rights in them.`,
      ],
    },
    {
      id: 'disclaimers',
      title: '11. Disclaimers',
      blocks: [
        'Measurements and models derived from captures are approximations whose accuracy depends on the device and the space. Unless a quote states a guaranteed accuracy, do not rely on deliverables as a substitute for a professional survey where one is legally required.',
        'Except as expressly stated in these Terms, the Service is provided "as is" and "as available", and we disclaim all implied warranties, including merchantability, fitness for a particular purpose and non-infringement, to the extent the law allows.',
      ],
    },
    {
      id: 'liability',
      title: '12. Limitation of liability',
      blocks: [
        'To the extent the law allows, neither we nor our providers are liable for indirect, incidental, special, consequential or punitive damages, or for lost profits, revenue or data, arising out of the Service. Our total liability for any claim relating to an order is limited to the amount paid for that order, and for any other claim to US$100.',
        'Nothing in these Terms limits liability for fraud, gross negligence, wilful misconduct, death or personal injury caused by negligence, or any liability that cannot be limited by law.',
      ],
    },
    {
      id: 'indemnity',
      title: '13. Indemnity',
      blocks: [
        'You will defend and indemnify us against third-party claims arising from your breach of these Terms, including capturing or having captured a space you were not entitled to, or content you provide.',
      ],
    },
    {
      id: 'termination',
      title: '14. Suspension and termination',
      blocks: [
        'You may close your account at any time by contacting us. We may suspend or close an account that breaches these Terms or puts the Service or others at risk, and we may end the Service with reasonable notice. Sections that by their nature should survive (payments due, licences granted, liability, governing law) survive termination.',
      ],
    },
    {
      id: 'law',
      title: '15. Governing law and disputes',
      blocks: [
        'These Terms are governed by the laws of the State of California, United States, without regard to its conflict-of-laws rules. The state and federal courts located in San Francisco County, California have exclusive jurisdiction over any dispute arising out of or relating to these Terms or the Service, and both parties consent to their jurisdiction. Before going to court, each party will first try in good faith to resolve the dispute by contacting the other for at least 30 days.',
        'If you are a consumer, you also keep any protection given to you by the mandatory laws of the place where you live.',
      ],
    },
    {
      id: 'changes',
      title: '16. Changes to these Terms',
      blocks: [
        'We may update these Terms. We will post the new version on this page with a new date and, for significant changes, notify account holders by e-mail at least 30 days before they take effect. Orders already accepted stay under the Terms in force when they were accepted.',
      ],
    },
    {
      id: 'contact',
      title: '17. Contact',
      blocks: [`Questions about these Terms: ${SITE.email}, or by post to ${address}.`],
    },
  ],
};
