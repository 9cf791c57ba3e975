import { schema, type TDatabase, type TExecutor } from '@spacecapture/db/client';
import { DEFAULT_QUOTE_SLA } from '@spacecapture/shared/contracts/admin-workflow';
import { ZCaptureRequest, ZProviderApplication } from '@spacecapture/shared/contracts/public-forms';
import type { TInvitableRole } from '@spacecapture/shared/roles';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TActor } from '../lib/actor.ts';
import { createOrderActionsService } from '../modules/admin-console/order-actions-service.ts';
import { createAssignmentsService } from '../modules/assignments/assignments-service.ts';
import type { TAuditEntry } from '../modules/audit/audit-repository.ts';

/**
 * A realistic marketplace for exploring every portal at once (`npm run seed:demo`): written
 * through the services the API uses (app.services.*, the admin order actions) and, for what
 * customers and providers do themselves (devices, certifications, uploads of real files, marking
 * a job delivered, ratings, support requests), through the API with their own signed-in sessions.
 * Every row so has its audit entries, job events and e-mails as if people had clicked through
 * the product, and every demo deliverable downloads.
 *
 * Stories that finished in the past are then moved back in time as a whole (every timestamp of
 * the order, its lead, quotes, offers, events, deliverables, ratings and audit entries), so the
 * reports show months of history.
 */

export const DEMO_PASSWORD = 'Demo-Capture-2026!';
export const DEMO_ADMIN_EMAIL = 'admin@demo.spacecapture.example';
const DOMAIN = 'demo.spacecapture.example';
const MARKER = { entity: 'demo_data', entityId: 'seed', action: 'seed' } as const;
const FIRST_DEMO_ORG = 'Northwind Properties';

export type TDemoAccount = { email: string; role: string; organization: string | null };
export type TDemoResult =
  | { kind: 'seeded'; accounts: TDemoAccount[]; adminNote: string | null; counts: Record<string, number> }
  | { kind: 'already-seeded'; at: Date }
  | { kind: 'incomplete' };

const DAY = 86_400_000;
const HOUR = 3_600_000;

// ---------------------------------------------------------------------------------------------
// Catalogue

/** UK organisations pay in pounds and measure in square meters; the US one in dollars and square feet. */
const CUSTOMERS = [
  {
    name: FIRST_DEMO_ORG,
    currency: 'GBP',
    unitSystem: 'metric',
    people: [
      { first: 'olivia', role: 'customer_admin' },
      { first: 'liam', role: 'customer_user' },
    ],
  },
  {
    name: 'Harbor & Finch Realty',
    currency: 'USD',
    unitSystem: 'imperial',
    people: [
      { first: 'amelia', role: 'customer_admin' },
      { first: 'noah', role: 'customer_user' },
    ],
  },
  {
    name: 'Meridian Hotels Group',
    currency: 'GBP',
    unitSystem: 'metric',
    people: [{ first: 'sofia', role: 'customer_admin' }],
  },
] as const;

const PROVIDERS = [
  {
    name: 'Skyline Scans',
    people: [
      { first: 'ethan', role: 'provider_admin' },
      { first: 'mia', role: 'provider_user' },
    ],
    devices: [
      { model: 'PRO', capabilities: ['3d-model', 'virtual-tour', 'floor-plan'] },
      { model: 'META', capabilities: ['point-cloud', 'digital-twin'] },
    ],
    certifications: [{ scope: 'Residential & commercial interiors', status: 'active', regions: ['London', 'Kent'] }],
  },
  {
    name: 'TrueSpace Capture',
    people: [{ first: 'lucas', role: 'provider_admin' }],
    devices: [{ model: 'MINION', capabilities: ['virtual-tour', 'floor-plan'] }],
    certifications: [{ scope: 'Residential interiors', status: 'active', regions: ['Manchester', 'Leeds'] }],
  },
  {
    name: 'Northern Lidar Co',
    people: [
      { first: 'isla', role: 'provider_admin' },
      { first: 'jack', role: 'provider_user' },
    ],
    devices: [
      { model: 'MEGA', capabilities: ['point-cloud', 'digital-twin', '3d-model'] },
      { model: 'PRO', capabilities: ['virtual-tour'] },
    ],
    certifications: [
      { scope: 'Industrial & survey-grade', status: 'active', regions: ['Edinburgh', 'Glasgow'] },
      { scope: 'Outdoor & aerial', status: 'pending', regions: ['Scotland'] },
    ],
  },
] as const;

/**
 * The fourth provider joins the way a real one does: its application is approved, which carries
 * its regions and its PRO into the new organisation; it then asks for a certification.
 */
const APPROVED_PROVIDER = {
  name: 'Pixel Atlas 3D',
  first: 'lena',
  devices: [],
  certifications: [{ scope: 'Retail & hospitality', status: 'active', regions: ['Berlin', 'Hamburg'] }],
};

/** The 3rd, 5th, 8th and 11th leads become the orders of Harbor & Finch Realty, in the US. */
const LEADS = [
  ['Grace Whitfield', 'London, 14 Wharf Road', 'commercial', 'medium', 'virtual-tour', 'standard'],
  ['Daniel Okafor', 'Manchester, 2 Piccadilly Place', 'residential', 'small', 'floor-plan', 'urgent'],
  ['Hannah Schultz', 'Boston, 100 Summer Street', 'retail', 'large', '3d-model', 'flexible'],
  ['Marcus Reid', 'Edinburgh, Leith Docks', 'industrial', 'xlarge', 'point-cloud', 'standard'],
  ['Chloe Martin', 'New York, 350 Fifth Avenue', 'residential', 'medium', 'virtual-tour', 'standard'],
  ['Omar Haddad', 'Leeds, Wellington Street 40', 'commercial', 'large', 'digital-twin', 'planning'],
  ['Emily Carter', 'London, Canary Wharf Tower', 'commercial', 'xlarge', 'all', 'standard'],
  ['Jonas Weber', 'Boston, 85 Seaport Boulevard', 'event', 'large', 'virtual-tour', 'urgent'],
  ['Priya Shah', 'Glasgow, Buchanan Street 12', 'retail', 'medium', 'floor-plan', 'flexible'],
  ['Tom Fletcher', 'Kent, Canterbury Road 7', 'residential', 'small', '3d-model', 'standard'],
  ['Sara Lindqvist', 'Providence, 1 Financial Plaza', 'event', 'medium', 'virtual-tour', 'standard'],
  ['Ben Adeyemi', 'Manchester, Ancoats Mill', 'industrial', 'large', 'point-cloud', 'flexible'],
  ['Alice Dupont', 'London, King’s Cross N1', 'commercial', 'medium', 'virtual-tour', 'urgent'],
  ['Felix Braun', 'Berlin, Alexanderplatz 1', 'retail', 'small', 'floor-plan', 'planning'],
  ['Zoe Thompson', 'Leeds, Headrow House', 'event', 'large', 'digital-twin', 'standard'],
] as const;

const APPLICATIONS = [
  {
    company: APPROVED_PROVIDER.name,
    first: 'Lena',
    last: 'Vogel',
    regions: 'Berlin, Hamburg',
    devices: 'pro',
    outcome: 'approve',
  },
  {
    company: 'Brightline Surveys',
    first: 'Owen',
    last: 'Price',
    regions: 'Cardiff',
    devices: 'mega',
    outcome: 'reviewing',
  },
  {
    company: 'Lumen Interiors',
    first: 'Ava',
    last: 'Rossi',
    regions: 'Bristol, Bath',
    devices: 'minion',
    outcome: 'interview',
  },
  { company: 'Quick Snap Homes', first: 'Max', last: 'Hill', regions: 'n/a', devices: 'none', outcome: 'reject' },
  { company: 'Atlas Field Capture', first: 'Nora', last: 'Berg', regions: 'Oslo', devices: 'meta', outcome: 'new' },
  {
    company: 'Vertex Digital Twins',
    first: 'Ravi',
    last: 'Kumar',
    regions: 'Birmingham',
    devices: 'multiple',
    outcome: 'new',
  },
] as const;

type TEquipment = {
  devices: readonly { model: string; capabilities: readonly string[] }[];
  certifications: readonly { scope: string; status: string; regions: readonly string[] }[];
};

// ---------------------------------------------------------------------------------------------

function emailOf(first: string, org: string) {
  const slug = org
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/(^-|-$)/g, '');
  return `${first}.${slug}@${DOMAIN}`;
}

/** The link in the newest e-mail to `to` whose subject starts with `subject`. */
async function linkFromOutbox(db: TDatabase, to: string, subject: string) {
  const rows = await db
    .select({ text: schema.outboxEmails.text, to: schema.outboxEmails.to, subject: schema.outboxEmails.subject })
    .from(schema.outboxEmails)
    .where(sql`${to} = any(${schema.outboxEmails.to}) and ${schema.outboxEmails.subject} like ${`${subject}%`}`)
    .orderBy(desc(schema.outboxEmails.createdAt))
    .limit(1);
  const match = rows[0]?.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`No "${subject}" e-mail with a link was sent to ${to}.`);
  return new URL(match[0]);
}

async function writeAudit(tx: TExecutor, entry: TAuditEntry & { ts?: Date }) {
  await tx.insert(schema.auditLog).values({
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
    actorUserId: entry.actorUserId,
    ...(entry.ts ? { ts: entry.ts } : {}),
  });
}

type TSession = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
) => Promise<{ headers: Record<string, unknown>; json: () => unknown }>;

/** A demo account's signed-in session, calling the API as its portal does (cookie and Origin). */
async function signedIn(app: FastifyInstance, email: string): Promise<TSession> {
  const origin = new URL(app.config.publicUrl).origin;
  const signIn = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin },
    payload: { email, password: DEMO_PASSWORD },
  });
  if (signIn.statusCode !== 200) throw new Error(`${email} could not sign in (${signIn.statusCode}): ${signIn.body}`);
  const cookie = signIn.cookies.map((item) => `${item.name}=${item.value}`).join('; ');
  return async (method, url, payload, headers = {}) => {
    const response = await app.inject({
      method,
      url,
      headers: { origin, cookie, ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
    if (response.statusCode >= 400) {
      throw new Error(`${method} ${url} as ${email} answered ${response.statusCode}: ${response.body}`);
    }
    return response;
  };
}

/** Uploads a (small, generated) deliverable through the tus API, as the provider's Uploads page does. */
async function uploadFile(session: TSession, orderId: string, fileName: string) {
  const bytes = Buffer.from(`${fileName}\n${'SpaceCapture demo deliverable. '.repeat(2048)}`);
  const tus = { 'tus-resumable': '1.0.0' };
  const metadata = `orderId ${Buffer.from(orderId).toString('base64')},filename ${Buffer.from(fileName).toString('base64')}`;
  const created = await session('POST', '/api/provider/uploads', undefined, {
    ...tus,
    'upload-length': String(bytes.length),
    'upload-metadata': metadata,
  });
  await session('PATCH', String(created.headers.location), bytes as unknown as string, {
    ...tus,
    'upload-offset': '0',
    'content-type': 'application/offset+octet-stream',
  });
}

export async function findDemoState(db: TDatabase): Promise<TDemoResult | null> {
  const [marker] = await db
    .select({ ts: schema.auditLog.ts })
    .from(schema.auditLog)
    .where(
      and(
        eq(schema.auditLog.entity, MARKER.entity),
        eq(schema.auditLog.entityId, MARKER.entityId),
        eq(schema.auditLog.action, MARKER.action),
      ),
    )
    .limit(1);
  if (marker) return { kind: 'already-seeded', at: marker.ts };
  const [org] = await db
    .select({ id: schema.organizations.id })
    .from(schema.organizations)
    .where(eq(schema.organizations.name, FIRST_DEMO_ORG))
    .limit(1);
  const [admin] = await db
    .select({ id: schema.user.id })
    .from(schema.user)
    .where(eq(schema.user.email, DEMO_ADMIN_EMAIL))
    .limit(1);
  return org || admin ? { kind: 'incomplete' } : null;
}

/** Fills the app's database with the demo marketplace, unless it holds demo data already. */
export async function seedDemo(app: FastifyInstance): Promise<TDemoResult> {
  const db = app.db;
  const existing = await findDemoState(db);
  if (existing) return existing;
  const { services } = app;
  const accounts: TDemoAccount[] = [];
  const now = () => app.clock();

  // The master admin (or the one this instance already has).
  let adminNote: string | null = null;
  await services.signUp.createFirstAdmin({ email: DEMO_ADMIN_EMAIL, password: DEMO_PASSWORD, emailVerified: true });
  const [adminRow] = await db
    .select({ id: schema.user.id, email: schema.user.email })
    .from(schema.user)
    .innerJoin(schema.userRoles, eq(schema.userRoles.userId, schema.user.id))
    .where(eq(schema.userRoles.role, 'master_admin'))
    .orderBy(sql`${schema.user.email} = ${DEMO_ADMIN_EMAIL} desc`, schema.user.createdAt)
    .limit(1);
  if (!adminRow) throw new Error('No master admin could be created.');
  if (adminRow.email === DEMO_ADMIN_EMAIL) {
    accounts.push({ email: DEMO_ADMIN_EMAIL, role: 'master_admin', organization: null });
  } else {
    adminNote = `This instance already has a master admin (${adminRow.email}); sign in with that account. The demo admin was not created.`;
  }
  const admin: TActor = { userId: adminRow.id, role: 'master_admin', orgId: null };

  /** A user made the way real ones are: invited, joined from the e-mailed link (which verifies the address). */
  async function addUser(input: {
    email: string;
    role: TInvitableRole;
    organization: { id: string } | { name: string };
  }) {
    const orgType = input.role.startsWith('provider_') ? 'provider' : 'customer';
    const invitation = await services.invitations.create(
      { email: input.email, orgType, roleSuggested: input.role, organization: input.organization },
      admin,
    );
    return signUpInvited(input.email, input.role, invitation.organization?.id ?? null);
  }

  async function signUpInvited(email: string, role: TInvitableRole, orgId: string | null) {
    const invite = (await linkFromOutbox(db, email, "You're invited")).searchParams.get('invite');
    if (!invite) throw new Error(`The invitation e-mail to ${email} has no link.`);
    const local = email.split('@')[0] ?? email;
    const name = local.charAt(0).toUpperCase() + local.slice(1).split('.')[0];
    const { userId } = await services.signUp.signUp({ name, password: DEMO_PASSWORD, invitationToken: invite });
    accounts.push({ email, role, organization: null });
    return { userId, orgId };
  }

  // Customers: organisations created by inviting their first member by name.
  const customers: { id: string; name: string; actor: TActor; session: TSession }[] = [];
  for (const customer of CUSTOMERS) {
    let orgId: string | null = null;
    let firstActor: TActor | null = null;
    for (const person of customer.people) {
      const email = emailOf(person.first, customer.name);
      const user = await addUser({
        email,
        role: person.role,
        organization: orgId ? { id: orgId } : { name: customer.name },
      });
      orgId = user.orgId;
      accounts.at(-1)!.organization = customer.name;
      firstActor ??= { userId: user.userId, role: person.role, orgId };
    }
    // Set as an admin sets them on the organisation's page (decision 203): its orders take the currency.
    await services.adminConsole.updateCustomerSettings(
      orgId!,
      { currency: customer.currency, unitSystem: customer.unitSystem },
      admin,
    );
    const session = await signedIn(app, emailOf(customer.people[0].first, customer.name));
    customers.push({ id: orgId!, name: customer.name, actor: firstActor!, session });
  }

  // Providers: three invited by name; they register their devices and request certifications
  // in their portal, and the admin verifies the certifications.
  type TProvider = { id: string; name: string; actor: TActor; session: TSession };
  const providers: TProvider[] = [];
  const providerRecords = services.providers;
  const orderActions = createOrderActionsService({ db, clock: now });
  async function equip(orgId: string, session: TSession, definition: TEquipment) {
    for (const [index, device] of definition.devices.entries()) {
      await session('POST', '/api/provider/devices', {
        model: device.model,
        serial: `${device.model}-${orgId.slice(0, 8).toUpperCase()}-${index + 1}`,
        capabilities: [...device.capabilities],
      });
    }
    for (const certification of definition.certifications) {
      const requested = await session('POST', '/api/provider/certifications', {
        scope: certification.scope,
        regions: [...certification.regions],
        expiry: new Date(now().getTime() + 365 * DAY).toISOString(),
      });
      const { id } = requested.json() as { id: string };
      if (certification.status === 'active') await providerRecords.decideCertification(admin, id, 'active');
    }
  }
  for (const provider of PROVIDERS) {
    let orgId: string | null = null;
    let firstActor: TActor | null = null;
    for (const person of provider.people) {
      const user = await addUser({
        email: emailOf(person.first, provider.name),
        role: person.role,
        organization: orgId ? { id: orgId } : { name: provider.name },
      });
      orgId = user.orgId;
      accounts.at(-1)!.organization = provider.name;
      firstActor ??= { userId: user.userId, role: person.role, orgId };
    }
    const session = await signedIn(app, emailOf(provider.people[0].first, provider.name));
    await equip(orgId!, session, provider);
    providers.push({ id: orgId!, name: provider.name, actor: firstActor!, session });
  }

  // Provider applications through the public form; one approved (its organisation and invitation follow).
  for (const application of APPLICATIONS) {
    const email = `${application.first.toLowerCase()}@${application.company.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`;
    const submitted = await services.publicForms.submitProviderApplication(
      ZProviderApplication.parse({
        firstName: application.first,
        lastName: application.last,
        email,
        phone: '+44 20 7946 0000',
        companyName: application.company,
        website: `https://${application.company.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`,
        regions: application.regions,
        devices: application.devices,
        experienceLevel: 'advanced',
        additionalInfo: 'Happy to share sample tours on request.',
        terms: true,
      }),
      undefined,
      undefined,
    );
    const id = submitted.body.id;
    if (application.outcome === 'reviewing') await services.applications.setStatus(id, 'reviewing', admin);
    if (application.outcome === 'interview') {
      await services.applications.setStatus(id, 'reviewing', admin);
      await services.applications.setStatus(id, 'interview', admin);
    }
    if (application.outcome === 'reject') await services.applications.reject(id, admin, 'No capture device yet.');
    if (application.outcome === 'approve') {
      await services.applications.setStatus(id, 'interview', admin);
      const approved = await services.applications.approve(id, admin);
      const user = await signUpInvited(email, 'provider_admin', approved.organization.id);
      accounts.at(-1)!.organization = approved.organization.name;
      const session = await signedIn(app, email);
      await equip(approved.organization.id, session, APPROVED_PROVIDER);
      providers.push({
        id: approved.organization.id,
        name: approved.organization.name,
        actor: { userId: user.userId, role: 'provider_admin', orgId: approved.organization.id },
        session,
      });
    }
  }

  // Leads through the public form.
  const leadIds: string[] = [];
  for (const [index, [name, location, spaceType, spaceSize, captureType, timeline]] of LEADS.entries()) {
    const submitted = await services.publicForms.submitCaptureRequest(
      ZCaptureRequest.parse({
        name,
        email: `${name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
        phone: `+44 20 7946 ${String(1000 + index)}`,
        companyName: index % 3 === 0 ? null : `${name.split(' ')[1]} & Co`,
        spaceType,
        location,
        spaceSize,
        captureType,
        timeline,
        additionalInfo: index % 2 === 0 ? 'Access via the side entrance; parking available.' : null,
        terms: true,
      }),
      undefined,
    );
    leadIds.push(submitted.body.id);
  }

  // ------------------------------------------------------------------------------------------
  // Orders in every state

  const [skyline, truespace, northern, pixel] = providers as [TProvider, TProvider, TProvider, TProvider];
  const [northwind, harbor, meridian] = customers as [
    (typeof customers)[number],
    (typeof customers)[number],
    (typeof customers)[number],
  ];
  let nextLead = 0;
  async function newOrder(customer: (typeof customers)[number], leadStatus?: 'triage' | 'quoted') {
    const leadId = leadIds[nextLead++]!;
    if (leadStatus) await services.leads.setStatus(leadId, leadStatus, admin);
    return (await services.leads.convert(leadId, { customerOrgId: customer.id }, admin)).order;
  }
  /** A quote in the order's own currency (decision 203), taken from its customer. */
  async function sendQuote(orderId: string, items: { label: string; amount: number }[], currency: string) {
    const quote = await services.quotes.create(
      {
        orderId,
        priceBreakdown: { items, currency },
        sla: DEFAULT_QUOTE_SLA,
        validityUntil: new Date(now().getTime() + 30 * DAY).toISOString(),
      },
      admin,
    );
    return services.quotes.send(quote.id, admin);
  }
  const standard = [
    { label: 'Capture', amount: 1000 },
    { label: 'Processing', amount: 500 },
  ];
  async function approvedOrder(customer: (typeof customers)[number], items = standard) {
    const order = await newOrder(customer);
    const quote = await sendQuote(order.id, items, order.currency);
    await services.quotes.accept(quote.id, customer.actor, { customerOrgId: customer.id });
    return order;
  }
  async function acceptedOffer(orderId: string, provider: TProvider) {
    const offer = await services.assignments.create({ orderId, providerOrgId: provider.id, compensation: 650 }, admin);
    await services.assignments.accept(offer.id, provider.actor, { providerOrgId: provider.id });
    return offer;
  }
  async function proposeWindow(assignmentId: string, provider: TProvider, inDays: number) {
    const start = new Date(now().getTime() + inDays * DAY + 9 * HOUR);
    const end = new Date(start.getTime() + 3 * HOUR);
    await services.assignments.proposeSchedule(
      assignmentId,
      { start: start.toISOString(), end: end.toISOString() },
      provider.actor,
      { providerOrgId: provider.id },
    );
    return { start, end };
  }
  async function scheduledOrder(
    customer: (typeof customers)[number],
    provider: TProvider,
    inDays: number,
    items = standard,
  ) {
    const order = await approvedOrder(customer, items);
    const offer = await acceptedOffer(order.id, provider);
    const window = await proposeWindow(offer.id, provider, inDays);
    await services.assignments.confirmSchedule(offer.id, admin);
    return { order, offer, window };
  }

  /**
   * The provider uploads a file (the order moves from scheduled to captured) and, unless told
   * otherwise, marks the job delivered; the story's instants are then set on the events.
   */
  async function deliver(
    orderId: string,
    provider: TProvider,
    fileName: string,
    at: { captured: Date; delivered?: Date },
  ) {
    await withWindowStarted(db, orderId, async () => {
      await uploadFile(provider.session, orderId, fileName);
      await retime(db, orderId, 'captured', at.captured);
      if (at.delivered) {
        await provider.session('POST', `/api/provider/orders/${orderId}/delivered`);
        await retime(db, orderId, 'delivered', at.delivered);
      }
    });
  }
  /** The customer approves the delivery (decision 133): the order completes through its review. */
  async function approve(orderId: string, customer: (typeof customers)[number], at: Date) {
    await customer.session('POST', `/api/customer/orders/${orderId}/approve`);
    await retime(db, orderId, 'completed', at);
  }
  async function rate(
    orderId: string,
    customer: (typeof customers)[number],
    review: { score: number; comment: string; at: Date },
  ) {
    await customer.session('POST', `/api/customer/orders/${orderId}/rating`, {
      score: review.score,
      comment: review.comment,
    });
    await retime(db, orderId, 'rated', review.at);
  }
  /** A job from order to rating, finished `daysAgo` days ago. */
  async function finishedJob(input: {
    customer: (typeof customers)[number];
    provider: TProvider;
    daysAgo: number;
    items?: { label: string; amount: number }[];
    lateHours?: number;
    score?: number;
    complete?: boolean;
  }) {
    const order = await approvedOrder(input.customer, input.items ?? standard);
    const offer = await acceptedOffer(order.id, input.provider);
    const window = await proposeWindow(offer.id, input.provider, 3);
    await services.assignments.confirmSchedule(offer.id, admin);
    const capturedAt = new Date(window.end.getTime() + (input.lateHours ?? 0) * HOUR - HOUR);
    await deliver(order.id, input.provider, 'virtual-tour.zip', {
      captured: capturedAt,
      delivered: new Date(capturedAt.getTime() + 2 * DAY),
    });
    if (input.complete ?? true) {
      await approve(order.id, input.customer, new Date(capturedAt.getTime() + 4 * DAY));
      if (input.score) {
        const at = new Date(capturedAt.getTime() + 5 * DAY);
        await rate(order.id, input.customer, { score: input.score, comment: 'Clear tour, on time.', at });
      }
    }
    await shiftOrderStory(db, order.id, input.daysAgo + 9);
    return order;
  }

  // An offer nobody answered: the worker's own code expires it once its deadline has passed.
  const unanswered = await approvedOrder(meridian);
  await services.assignments.create({ orderId: unanswered.id, providerOrgId: truespace.id, compensation: 480 }, admin);
  const later = createAssignmentsService({
    db,
    clock: () => new Date(now().getTime() + 49 * HOUR),
    companyEmail: app.config.companyEmail,
  });
  await later.expireDueOffers(10);
  const afterExpiry = await acceptedOffer(unanswered.id, skyline);
  const expiredWindow = await proposeWindow(afterExpiry.id, skyline, 2);
  await services.assignments.confirmSchedule(afterExpiry.id, admin);
  await deliver(unanswered.id, skyline, 'point-cloud.e57', {
    captured: new Date(expiredWindow.end.getTime() - HOUR),
    delivered: new Date(expiredWindow.end.getTime() + DAY),
  });
  await approve(unanswered.id, meridian, new Date(expiredWindow.end.getTime() + 3 * DAY));
  await rate(unanswered.id, meridian, {
    score: 4,
    comment: 'Great detail in the ballroom.',
    at: new Date(expiredWindow.end.getTime() + 4 * DAY),
  });
  await shiftOrderStory(db, unanswered.id, 140);

  // Finished jobs over the last months (one late, several rated).
  await finishedJob({ customer: northwind, provider: skyline, daysAgo: 110, score: 5 });
  await finishedJob({
    customer: harbor,
    provider: pixel,
    daysAgo: 80,
    score: 4,
    items: [
      { label: 'Capture', amount: 1200 },
      { label: 'Processing', amount: 650 },
    ],
  });
  await finishedJob({ customer: northwind, provider: truespace, daysAgo: 25, lateHours: 40, score: 3 });
  // Delivered, waiting for the customer's sign-off; and captured, being processed.
  await finishedJob({ customer: harbor, provider: skyline, daysAgo: 6, complete: false });
  const captured = await scheduledOrder(meridian, northern, 2);
  await deliver(captured.order.id, northern, 'point-cloud.e57', {
    captured: new Date(captured.window.end.getTime() - HOUR),
  });
  await shiftOrderStory(db, captured.order.id, 4);

  // Scheduled: the window is confirmed and ahead.
  await scheduledOrder(northwind, skyline, 5);
  // Assigned: accepted, window proposed, waiting for the admin to confirm — after another provider declined.
  const waiting = await approvedOrder(harbor);
  const declined = await services.assignments.create(
    { orderId: waiting.id, providerOrgId: truespace.id, compensation: 520 },
    admin,
  );
  await services.assignments.decline(declined.id, truespace.actor, { providerOrgId: truespace.id });
  const accepted = await acceptedOffer(waiting.id, pixel);
  await proposeWindow(accepted.id, pixel, 7);
  // Assigned: offered, the provider has not answered yet.
  const offered = await approvedOrder(meridian, [
    { label: 'Capture', amount: 2400 },
    { label: 'Processing', amount: 900 },
  ]);
  await services.assignments.create({ orderId: offered.id, providerOrgId: northern.id, compensation: 900 }, admin);
  // Approved: the customer accepted the quote; no provider yet.
  await approvedOrder(northwind, [
    { label: 'Capture', amount: 800 },
    { label: 'Floor plan', amount: 250 },
  ]);
  // Quoted: one quote declined, a second one waiting for the customer.
  const requoted = await newOrder(harbor, 'quoted');
  const first = await sendQuote(
    requoted.id,
    [
      { label: 'Capture', amount: 3000 },
      { label: 'Processing', amount: 1500 },
    ],
    requoted.currency,
  );
  await services.quotes.decline(first.id, harbor.actor, { customerOrgId: harbor.id });
  await sendQuote(
    requoted.id,
    [
      { label: 'Capture', amount: 2600 },
      { label: 'Processing', amount: 1200 },
    ],
    requoted.currency,
  );
  // Triage: a fresh order, and a cancelled one.
  await newOrder(northwind, 'triage');
  const cancelled = await newOrder(meridian);
  await orderActions.cancel(cancelled.id, { reason: 'Customer postponed the opening' }, admin);
  await shiftOrderStory(db, cancelled.id, 35);
  // Thirteen leads became orders; of the last two, one is in triage and one is still new.
  await services.leads.setStatus(leadIds[nextLead]!, 'triage', admin);

  // Support requests from the customer portal.
  for (const [customer, subject, message] of [
    [northwind, 'Download link expired', 'The tour link from last week no longer opens.'],
    [harbor, 'Invoice address', 'Please put our registered address on the invoice.'],
    [meridian, 'Second floor capture', 'Can the provider also capture the second floor?'],
  ] as const) {
    await customer.session('POST', '/api/customer/support', { subject, message });
  }
  await writeAudit(db, { ...MARKER, after: { accounts: accounts.length }, actorUserId: admin.userId });

  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries({
    organizations: schema.organizations,
    users: schema.user,
    leads: schema.orderLeads,
    applications: schema.providerApplications,
    orders: schema.orders,
    quotes: schema.quotes,
    assignments: schema.assignments,
    deliverables: schema.deliverables,
    'audit entries': schema.auditLog,
  })) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
    counts[name] = Number(row?.n ?? 0);
  }
  return { kind: 'seeded', accounts, adminNote, counts };
}

/**
 * Runs `act` as if the order's confirmed window had started: files and deliveries wait for it
 * (decision 109), and a story's days pass in moments here. The window is put back afterwards, and
 * the story's instants are set by `retime`.
 */
async function withWindowStarted(db: TDatabase, orderId: string, act: () => Promise<void>) {
  const live = and(eq(schema.assignments.orderId, orderId), eq(schema.assignments.status, 'accepted'));
  const [job] = await db.select({ start: schema.assignments.scheduledStart }).from(schema.assignments).where(live);
  await db.update(schema.assignments).set({ scheduledStart: sql`now() - interval '1 minute'` }).where(live);
  try {
    await act();
  } finally {
    await db
      .update(schema.assignments)
      .set({ scheduledStart: job?.start ?? null })
      .where(live);
  }
}

/**
 * Sets when a step of a story happened; services record their rows at the moment they run. The
 * step's job event (the move to captured, delivered or completed; for captured also the uploads
 * behind it and their deliverables), or the order's rating.
 */
async function retime(
  db: TDatabase,
  orderId: string,
  step: 'captured' | 'delivered' | 'completed' | 'rated',
  at: Date,
) {
  const when = sql`${at.toISOString()}::timestamptz`;
  await db.transaction(async (tx) => {
    if (step === 'rated') {
      await tx.execute(sql`update ratings set created_at = ${when} where order_id = ${orderId}`);
      return;
    }
    await tx.execute(sql`update job_events set created_at = ${when}
      where order_id = ${orderId} and type = 'status_change' and metadata->>'to' = ${step}`);
    if (step === 'captured') {
      await tx.execute(
        sql`update job_events set created_at = ${when} where order_id = ${orderId} and type = 'file_uploaded'`,
      );
      await tx.execute(
        sql`update deliverables set created_at = ${when}, delivered_at = ${when} where order_id = ${orderId}`,
      );
    }
  });
}

/**
 * Moves a finished story back in time by `days`: the order, its lead, quotes, offers, job events
 * (with the windows they carry), deliverables, ratings and their audit entries, all by the same
 * amount, so their order and spacing stay as they happened.
 */
async function shiftOrderStory(db: TDatabase, orderId: string, days: number) {
  const shift = sql`(${days}::int * interval '1 day')`;
  const movedWindow = (key: string) =>
    sql`case when metadata ? ${key}::text then jsonb_build_object(${key}::text, to_char(((metadata->>${key}::text)::timestamptz - ${shift}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) else '{}'::jsonb end`;
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(schema.orders).where(eq(schema.orders.id, orderId));
    const quoteIds = (
      await tx.select({ id: schema.quotes.id }).from(schema.quotes).where(eq(schema.quotes.orderId, orderId))
    ).map((row) => row.id);
    const assignmentIds = (
      await tx
        .select({ id: schema.assignments.id })
        .from(schema.assignments)
        .where(eq(schema.assignments.orderId, orderId))
    ).map((row) => row.id);
    const deliverableIds = (
      await tx
        .select({ id: schema.deliverables.id })
        .from(schema.deliverables)
        .where(eq(schema.deliverables.orderId, orderId))
    ).map((row) => row.id);
    const ratingIds = (
      await tx.select({ id: schema.ratings.id }).from(schema.ratings).where(eq(schema.ratings.orderId, orderId))
    ).map((row) => row.id);
    await tx.execute(sql`update orders set created_at = created_at - ${shift}, updated_at = updated_at - ${shift},
      scheduled_start = scheduled_start - ${shift}, scheduled_end = scheduled_end - ${shift} where id = ${orderId}`);
    if (order?.leadId) {
      await tx.execute(
        sql`update order_leads set created_at = created_at - ${shift}, updated_at = updated_at - ${shift} where id = ${order.leadId}`,
      );
    }
    await tx.execute(sql`update quotes set created_at = created_at - ${shift}, updated_at = updated_at - ${shift},
      sent_at = sent_at - ${shift}, responded_at = responded_at - ${shift}, validity_until = validity_until - ${shift}
      where order_id = ${orderId}`);
    await tx.execute(sql`update assignments set created_at = created_at - ${shift}, updated_at = updated_at - ${shift},
      respond_by = respond_by - ${shift}, responded_at = responded_at - ${shift},
      scheduled_start = scheduled_start - ${shift}, scheduled_end = scheduled_end - ${shift} where order_id = ${orderId}`);
    await tx.execute(sql`update job_events set created_at = created_at - ${shift},
      metadata = metadata || ${movedWindow('start')} || ${movedWindow('end')} where order_id = ${orderId}`);
    await tx.execute(
      sql`update deliverables set created_at = created_at - ${shift}, delivered_at = delivered_at - ${shift} where order_id = ${orderId}`,
    );
    await tx.execute(sql`update ratings set created_at = created_at - ${shift} where order_id = ${orderId}`);
    const entityIds = [
      orderId,
      ...(order?.leadId ? [order.leadId] : []),
      ...quoteIds,
      ...assignmentIds,
      ...deliverableIds,
      ...ratingIds,
    ];
    await tx
      .update(schema.auditLog)
      .set({ ts: sql`${schema.auditLog.ts} - ${shift}` })
      .where(inArray(schema.auditLog.entityId, entityIds));
  });
}
