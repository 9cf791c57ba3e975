import { PRODUCT_NAME } from '@spacecapture/shared/paths';

export type TFaqCategory = 'general' | 'customers' | 'providers' | 'technical';
export type TFaqItem = { id: string; question: string; answer: readonly string[] };

export const FAQ_CATEGORIES: readonly { value: TFaqCategory; label: string }[] = [
  { value: 'general', label: 'General' },
  { value: 'customers', label: 'For Customers' },
  { value: 'providers', label: 'For Providers' },
  { value: 'technical', label: 'Technical' },
];

/** Questions per category. The answers state the product's facts of spec §1 (turnaround, payment, devices, formats). */
export const FAQ_ITEMS: Readonly<Record<TFaqCategory, readonly TFaqItem[]>> = {
  general: [
    {
      id: 'what-is',
      question: `What is ${PRODUCT_NAME}?`,
      answer: [
        `${PRODUCT_NAME} is a managed marketplace for 3D space capture. Customers request a capture of a space, and we match them with a certified provider who owns the vendor's capture devices and captures the space on site.`,
        'You receive 3D models, virtual tours, digital twins, floor plans or point clouds without owning any hardware.',
      ],
    },
    {
      id: 'how-it-works',
      question: 'How does it work?',
      answer: [
        'Customers: Request Capture, Get Matched, Receive Results. You describe your space and needs, we send a quote and assign a provider, and you download your deliverables when they are ready.',
        'Providers: Join Network, Accept Projects, Grow Business. You apply with your device, accept jobs in your regions and get paid for every completed capture.',
      ],
    },
    {
      id: 'turnaround',
      question: 'How long does it take to get my results?',
      answer: [
        'Processing takes 24-72 hours after the capture, depending on the size of the space and the deliverables you ordered. Scheduling the visit itself depends on your timeline and provider availability in your area.',
        'Rush options are available when you need results sooner: choose an urgent timeline on your request.',
      ],
    },
    {
      id: 'where',
      question: 'Where do you operate?',
      answer: [
        'Our provider network is growing across many regions. Submit a request with your location and we will confirm availability with your quote. If no provider covers your area yet, we will tell you before anything is booked.',
      ],
    },
    {
      id: 'sign-up',
      question: 'Can I create an account myself?',
      answer: [
        'Accounts are invite-only. Once we accept your capture request or provider application, we send an invitation to your e-mail address so you can create your portal account.',
      ],
    },
  ],
  customers: [
    {
      id: 'request',
      question: 'How do I request a capture?',
      answer: [
        'Fill in the request form with your contact details, the type, size and location of your space, what you need and your timeline. No account is needed. An admin reviews every request and gets back to you with a quote.',
      ],
    },
    {
      id: 'cost',
      question: 'How much does a capture cost?',
      answer: [
        'Prices depend on the type and size of the space, its location, the deliverables and how urgently you need them. Typical ranges start at $99-$299 for floor plans and residential tours. Use the Quote Estimator for an instant estimate; your final price is in the quote we send you.',
      ],
    },
    {
      id: 'rush',
      question: 'Do you offer rush service?',
      answer: [
        'Yes. Rush options exist for urgent projects: choose the urgent timeline on your request (ASAP, 1-3 days) or the urgent level in the estimator (results in 24 hours). Rush work is priced higher because providers reschedule other jobs for it.',
      ],
    },
    {
      id: 'prepare',
      question: 'How should I prepare the space?',
      answer: [
        'Tidy the space, open blinds and doors you want captured, switch on the lights and make sure the provider can access every area at the agreed time. A typical home takes one to two hours to capture.',
      ],
    },
    {
      id: 'deliverables',
      question: 'What will I receive and how?',
      answer: [
        'Depending on your order: 3D models (OBJ/FBX), point clouds (E57/PLY), interactive virtual tours (HTML tours) and floor plans (PDF plans). Everything is delivered through your secure customer portal, where you can download your files at any time.',
      ],
    },
  ],
  providers: [
    {
      id: 'requirements',
      question: 'What do I need to become a provider?',
      answer: [
        "You need at least one of the vendor's capture devices: PRO, MINION, META or MEGA. You also need experience capturing spaces (or willingness to learn), a way to reach sites in the regions you cover, and a professional attitude on site.",
      ],
    },
    {
      id: 'apply',
      question: 'How do I apply?',
      answer: [
        'Fill in the provider application with your company details, the regions you cover, your devices and your experience, and optionally upload a portfolio. We review every application and, when accepted, send you an invitation to the provider portal.',
      ],
    },
    {
      id: 'payment',
      question: 'When and how do I get paid?',
      answer: [
        'Providers are typically paid within 14 days after the deliverables of a job are accepted. Each job offer shows what you will earn before you accept it.',
      ],
    },
    {
      id: 'choose-jobs',
      question: 'Can I choose which jobs I accept?',
      answer: [
        'Yes. You receive offers for jobs in your regions and decide which ones to accept. An offer that is not accepted in time goes to another provider, so you only commit to the work that fits your schedule.',
      ],
    },
    {
      id: 'no-device',
      question: "I don't own a device yet. Can I still apply?",
      answer: [
        'You can apply and tell us you are planning to purchase a device, but you can only accept jobs once you own at least one of PRO, MINION, META or MEGA.',
      ],
    },
  ],
  technical: [
    {
      id: 'formats',
      question: 'Which file formats do you deliver?',
      answer: [
        '3D models as OBJ/FBX, point clouds as E57/PLY, virtual tours as HTML tours you can share or embed, and floor plans as PDF plans. Ask us if you need another format for your workflow.',
      ],
    },
    {
      id: 'devices',
      question: 'Which capture devices are used?',
      answer: [
        'Providers capture with official devices only: PRO, MINION, META and MEGA. We suggest the right device for each job: MINION for small spaces, PRO for medium ones and META for large or industrial sites and survey-grade point clouds.',
      ],
    },
    {
      id: 'accuracy',
      question: 'How accurate are the measurements?',
      answer: [
        'Accuracy depends on the device and the space. Floor plans and tours are accurate enough for real estate, insurance and planning; for engineering and BIM work we recommend point clouds captured with META.',
      ],
    },
    {
      id: 'software',
      question: 'Do I need special software to view my deliverables?',
      answer: [
        'No. Virtual tours open in any modern web browser and PDF plans in any PDF reader. OBJ/FBX models and E57/PLY point clouds open in common 3D, CAD and BIM tools.',
      ],
    },
    {
      id: 'security',
      question: 'How is my data kept secure?',
      answer: [
        'Deliverables are stored privately and shared only with your organisation through the portal, using signed links that expire. Providers see only the job details they need to capture your space.',
      ],
    },
  ],
};
