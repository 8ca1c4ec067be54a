import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { DeliverableCategory, ProjectStatus } from '../../src/domain/constants';
import type { MilestoneStatus, OfferStatus } from '../../src/domain/milestones';
import type { App } from '../../src/server/app';
import { clientProfiles, contactSubmissions, projectMilestones, projectOffers, projects, savedCreators, user, whiteGloveRequests, workshops } from '../../src/server/db/schema';
import type { ProjectEvent } from '../../src/domain/conversation-schemas';
import { recordProjectEvent } from '../../src/server/features/conversations/threads';
import { issueInvoice, recordPaymentReceived } from '../../src/server/features/payments/funding';
import { milestoneName } from '../../src/server/features/payments/settlement';
import { creatorLedger } from '../../src/server/features/payments/ledger';
import { recordPayoutPaid, requestPayout } from '../../src/server/features/payments/payouts';
import { scheduleDueReminder, startReviewClock } from '../../src/server/features/projects/milestones';
import { createAccount } from '../../src/server/features/account/service';
import { renderPortfolioPiece } from './artwork';
import { DEMO_PASSWORD, demoEmail, seedOf } from './seed-creators';
import { brandOf, recordProjectFiles, storeProjectFiles, type ProjectFiles } from './seed-process-record';

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

interface DemoProject {
  title: string;
  description: string;
  type: DeliverableCategory;
  budget: number;
  status: ProjectStatus;
  maker?: string;
  mind?: string;
  flagged?: boolean;
  processDocs?: number;
  age: number;
  /** Offer versions, oldest first (decision 151): [status, milestones as [title, dollars, due in days], the client's note]. */
  offers?: Array<[OfferStatus, Array<[string, number, number]>, string?]>;
  /** Milestones once accepted: [title, dollars, status, due in days]; without it a started project has one for its budget. */
  milestones?: Array<[string, number, MilestoneStatus, number | null]>;
}

const SHOP_PLAN: Array<[string, number, number]> = [
  ['Shop structure and wireframes', 2500, -2],
  ['Visual design', 3500, 6],
  ['Build and launch', 3500, 20],
];

const PROJECTS: DemoProject[] = [
  { title: 'Seasonal packaging refresh', description: 'New bag and label designs for our autumn blends, keeping the current logo.', type: 'branding_packages', budget: 4000, status: 'draft', age: 1 },
  {
    title: 'Logo for our cold brew line',
    description: 'A mark for a canned cold brew that sits next to the main brand without copying it.',
    type: 'logo_design',
    budget: 1800,
    status: 'draft',
    maker: 'rafael',
    age: 2,
    offers: [
      ['changes_requested', [['Sketches', 600, 7], ['Final mark and files', 1400, 14]], 'Could we stay within the $1,800 budget?'],
      ['pending', [['Sketches', 600, 7], ['Final mark and files', 1200, 14]]],
    ],
  },
  {
    title: 'New online shop',
    description: 'Replace our shop with something faster that handles subscriptions well.',
    type: 'web_design',
    budget: 9500,
    status: 'active',
    maker: 'tomas',
    age: 9,
    offers: [
      ['changes_requested', [['Shop structure and wireframes', 3000, 5], ['Visual design', 3500, 12], ['Build and launch', 3500, 25]], 'Could the first step be smaller? We would like to see structure early.'],
      ['accepted', SHOP_PLAN],
    ],
    milestones: [
      ['Shop structure and wireframes', 2500, 'approved', -2],
      ['Visual design', 3500, 'active', 6],
      ['Build and launch', 3500, 'pending', 20],
    ],
  },
  { title: 'Brand positioning sprint', description: 'Two workshops and a one-page positioning for the wholesale side of the business.', type: 'branding_packages', budget: 6000, status: 'active', mind: 'clara', age: 7 },
  {
    title: 'Launch week social posts',
    description: 'Twelve posts and stories for the opening of our second café.',
    type: 'social_media_assets',
    budget: 2400,
    status: 'in_review',
    maker: 'amara',
    processDocs: 2,
    age: 14,
    offers: [['accepted', [['Opening posts', 1200, -4], ['Stories and second week', 1200, 3]]]],
    milestones: [
      ['Opening posts', 1200, 'approved', -4],
      ['Stories and second week', 1200, 'submitted', 3],
    ],
  },
  { title: 'Holiday carousel set', description: 'Three carousels for gift boxes over the holidays.', type: 'social_media_assets', budget: 1200, status: 'in_review', maker: 'mateo', flagged: true, processDocs: 1, age: 16 },
  { title: 'Café menu boards', description: 'Hand-lettered menu boards for both cafés, with a print-ready version.', type: 'branding_packages', budget: 3200, status: 'completed', maker: 'ines', processDocs: 2, age: 60 },
  { title: 'Cup sleeve illustration', description: 'An illustrated sleeve for our takeaway cups.', type: 'logo_design', budget: 1500, status: 'completed', maker: 'ines', processDocs: 1, age: 45 },
  { title: 'Wholesale brand guide', description: 'A short guide so our wholesale partners use the brand correctly.', type: 'branding_packages', budget: 5200, status: 'completed', maker: 'ines', processDocs: 2, age: 30 },
  { title: 'Trade fair banner', description: 'A banner and flyer for a regional food fair.', type: 'content_marketing', budget: 900, status: 'cancelled', age: 20 },
];

export const DEMO_CLIENT = { name: 'Juniper Hall', slug: 'juniper', company: 'Fieldnote Coffee Co.' };

/** The demo client: an approved client profile, projects in every status, and two White Glove requests. */
export const seedClientActivity = async (app: App, creators: Map<string, string>): Promise<string> => {
  const { userId: clientId } = await createAccount(app, { role: 'client', name: DEMO_CLIENT.name, email: demoEmail(DEMO_CLIENT.slug), password: DEMO_PASSWORD });
  const logo = await app.storage.saveUpload('clientLogo', `${clientId}/logo`, await renderPortfolioPiece('logo_design', seedOf(DEMO_CLIENT.slug)));
  const id = (slug: string | undefined) => (slug ? (creators.get(slug) ?? null) : null);

  // Work delivered (in review or completed) has its process docs and deliverable, recorded in the process record.
  const planned: Array<{ project: DemoProject; projectId: string; makerId: string | null; mindId: string | null; files: ProjectFiles | null }> = [];
  for (const project of PROJECTS) {
    const projectId = randomUUID();
    const makerId = id(project.maker);
    const delivered = makerId !== null && (project.status === 'in_review' || project.status === 'completed');
    const files = delivered
      ? await storeProjectFiles(app, { makerId, projectId, type: project.type, brand: brandOf(DEMO_CLIENT.company), docCount: project.processDocs ?? 0 })
      : null;
    planned.push({ project, projectId, makerId, mindId: id(project.mind), files });
  }

  await app.db.transaction(async (tx) => {
    // A client since the spring: their oldest project is months old, and creators deciding on a draft see 'Member since'.
    await tx.update(user).set({ emailVerified: true, createdAt: daysAgo(150) }).where(eq(user.id, clientId));
    await tx
      .update(clientProfiles)
      .set({
        companyName: DEMO_CLIENT.company,
        logoUrl: logo.url,
        industry: 'Food & Drink',
        budgetRange: '$5,000 – $15,000',
        desiredCategories: ['branding_packages', 'social_media_assets', 'web_design'],
        applicationStatus: 'approved',
        termsAcceptedAt: daysAgo(90),
      })
      .where(eq(clientProfiles.userId, clientId));
    // Oldest first: invoice numbers follow their issue dates, as they would have.
    for (const { project, projectId, makerId, mindId, files } of [...planned].sort((a, b) => b.project.age - a.project.age)) {
      const createdAt = daysAgo(project.age);
      // Completed work was delivered the day before the client approved it; work in review, three days ago.
      const deliveredAt = project.status === 'completed' ? daysAgo(project.age - 9) : daysAgo(3);
      await tx.insert(projects).values({
        id: projectId,
        clientId,
        makerId,
        mindId,
        title: project.title,
        description: project.description,
        deliverableType: project.type,
        budget: project.budget,
        status: project.status,
        deliverableUrl: files?.deliverable.url ?? null,
        flagged: project.flagged ?? false,
        flagReason: project.flagged ? 'Client flagged for review' : null,
        completedAt: project.status === 'completed' ? daysAgo(project.age - 10) : null,
        createdAt,
        updatedAt: createdAt,
      });
      for (const [index, [status, plan, responseNote]] of (project.offers ?? []).entries()) {
        await tx.insert(projectOffers).values({
          projectId,
          version: index + 1,
          creatorId: makerId ?? mindId,
          priceCents: plan.reduce((sum, [, dollars]) => sum + dollars * 100, 0),
          revisionRounds: 2,
          note: 'Here is how I would split the work, with a review after each step.',
          milestones: plan.map(([title, dollars, due]) => ({ title, amountCents: dollars * 100, dueDate: dateIn(due) })),
          status,
          responseNote: responseNote ?? null,
          respondedAt: status === 'pending' ? null : daysAgo(project.age - index - 1),
          createdAt: daysAgo(project.age - index - 0.5),
        });
      }
      const creatorId = makerId ?? mindId;
      /** A project event in the pair's thread, as the live app writes it in the event's transaction. */
      const event = async (kind: ProjectEvent, by: 'client' | 'creator', detail?: string) => {
        if (!creatorId) return;
        const actorId = by === 'client' ? clientId : creatorId;
        const [actor] = await tx.select({ name: user.name }).from(user).where(eq(user.id, actorId));
        const [current] = await tx.select().from(projects).where(eq(projects.id, projectId));
        await recordProjectEvent(tx, { event: kind, project: current, creatorId, actor: { userId: actorId, name: actor?.name ?? '' }, detail });
      };
      if (project.status !== 'cancelled') await event('created', 'client');
      if (project.status === 'draft' || project.status === 'cancelled') continue;
      // An offer is accepted by the client; a plain Accept is the creator's.
      const acceptedVersion = (project.offers ?? []).findIndex(([status]) => status === 'accepted') + 1;
      if (acceptedVersion > 0) await event('offer_accepted', 'client', `version ${acceptedVersion}`);
      else await event('accepted', 'creator');
      const started = project.milestones ?? [[project.title, project.budget, project.status === 'active' ? 'active' : project.status === 'in_review' ? 'submitted' : 'approved', null]];
      const doneMilestoneIds: string[] = [];
      for (const [index, [title, dollars, status, due]] of started.entries()) {
        const done = status === 'approved' || status === 'submitted';
        const [milestone] = await tx
          .insert(projectMilestones)
          .values({
            projectId,
            position: index + 1,
            title,
            amountCents: dollars * 100,
            dueDate: due === null ? null : dateIn(due),
            status,
            deliverableUrl: done ? (files?.deliverable.url ?? null) : null,
            submissions: done ? 1 : 0,
            submittedAt: done ? deliveredAt : null,
            approvedAt: status === 'approved' ? daysAgo(Math.max(project.age - 10, 1)) : null,
          })
          .returning();
        if (done) doneMilestoneIds.push(milestone.id);
        // Work waiting for the client has its approval-by-time timer, as a real submission sets it.
        if (status === 'submitted' && !project.flagged) await startReviewClock(app, tx, milestone, daysAgo(3));
        if (status === 'active') await scheduleDueReminder(tx, milestone, new Date());
      }
      if (files && makerId) await recordProjectFiles(tx, { projectId, makerId, files, startedAt: createdAt, deliveredAt, milestoneIds: doneMilestoneIds });
      // Money (decision 170), through the ledger's own functions: approved work was funded and released, work in
      // review is funded and held in escrow (the flagged one too, for a dispute to decide), and started work has
      // an open invoice waiting for the admin's 'Payment received'.
      const [row] = await tx.select().from(projects).where(eq(projects.id, projectId));
      const milestones = await tx.select().from(projectMilestones).where(eq(projectMilestones.projectId, projectId)).orderBy(asc(projectMilestones.position));
      for (const milestone of milestones) {
        if (milestone.status === 'pending' || milestone.amountCents <= 0) continue;
        const issued = daysAgo(Math.max(project.age - 1, 1));
        const invoice = await issueInvoice(app, tx, row, milestone, issued);
        await milestoneEvents(event, milestone, milestones.length);
        // Paid a day after it was issued (never in the future), as the invoice and the ledger then show.
        const paidAt = new Date(Math.min(issued.getTime() + 86_400_000, Date.now()));
        if (milestone.status !== 'active') await recordPaymentReceived(app, tx, invoice.id, { reference: `DEMO-${invoice.invoiceNumber.slice(-6)}`, provider: 'manual', at: paidAt });
      }
      if (project.flagged) await event('flagged', 'client');
    }
  });

  await app.db.transaction(async (tx) => {
    await tx.insert(whiteGloveRequests).values({
      clientId,
      description: 'We are opening a third café by the harbour and want a sub-brand that still feels like Fieldnote. Signage, cups and a launch poster.',
      deliverableType: 'branding_packages',
      budget: 8000,
      status: 'pending',
      createdAt: daysAgo(0.5),
    });
    await tx.insert(whiteGloveRequests).values({
      clientId,
      description: 'A set of social templates our baristas can fill in themselves each week.',
      deliverableType: 'social_media_assets',
      budget: 2000,
      status: 'completed',
      curatedCreatorIds: ['amara', 'mateo', 'kwame'].map((slug) => creators.get(slug)).filter((value): value is string => Boolean(value)),
      completedAt: daysAgo(24),
      createdAt: daysAgo(25),
    });
  });
  await seedPaidPayout(app, creators);
  // A shortlist of creators the client has not worked with yet (decision 187).
  const shortlist = ['sofia', 'kwame'].map((slug) => creators.get(slug)).filter((id): id is string => Boolean(id));
  if (shortlist.length > 0) await app.db.insert(savedCreators).values(shortlist.map((creatorId) => ({ clientId, creatorId })));
  return clientId;
}

/** What the thread says of one milestone's work: its submission and, when approved, the approval. */
const milestoneEvents = async (
  event: (kind: ProjectEvent, by: 'client' | 'creator', detail?: string) => Promise<void>,
  milestone: { position: number; title: string; status: string },
  count: number,
) => {
  if (milestone.status !== 'submitted' && milestone.status !== 'approved') return;
  const detail = count > 1 ? milestoneName(milestone) : undefined;
  await event('deliverable_submitted', 'creator', detail);
  if (milestone.status !== 'approved') return;
  await event(milestone.position < count ? 'milestone_approved' : 'approved', 'client', detail);
};

/** Inès, with three completed projects, asked for most of her balance and was paid: a receipt to open. */
const seedPaidPayout = async (app: App, creators: Map<string, string>) => {
  const creatorId = creators.get('ines');
  if (!creatorId) return;
  const [person] = await app.db.select().from(user).where(eq(user.id, creatorId));
  const { availableCents } = await creatorLedger(app.db, creatorId);
  if (!person || availableCents < 100) return;
  const auth = { userId: person.id, sessionId: 'seed', role: 'maker' as const, name: person.name, email: person.email, emailVerified: true, image: null };
  const payout = await requestPayout(app, auth, Math.floor((availableCents * 0.8) / 100) * 100);
  await recordPayoutPaid(app, { userId: null, email: 'seed-demo@humanmade' }, payout.id, 'DEMO-WIRE-0001');
};;

const upcoming = (days: number, hourUtc: number) => {
  const date = new Date(Date.now() + days * DAY);
  date.setUTCHours(hourUtc, 0, 0, 0);
  return date;
};

/** Community workshops (five upcoming, one past) and messages received through the contact forms. */
export const seedCommunity = async (app: App, creators: Map<string, string>) => {
  await app.db.transaction(async (tx) => {
    await tx.insert(workshops).values([
      { title: 'Welcome session for new makers', description: 'How projects, process docs and the Seal work.', date: upcoming(-10, 16), link: 'https://meet.example/humanmade-welcome', maxParticipants: 40 },
      { title: 'Documenting your process without slowing down', description: 'Simple habits for capturing sketches, drafts and decisions as you work.', date: upcoming(4, 16), link: 'https://meet.example/humanmade-process', maxParticipants: 50 },
      { title: 'Pricing creative work honestly', description: 'An open conversation about day rates, fixed fees and saying no.', date: upcoming(11, 17), link: 'https://meet.example/humanmade-pricing', maxParticipants: 60 },
      { title: 'Portfolio review night', description: 'Bring three pieces; get kind, specific feedback from peers.', date: upcoming(18, 18), link: 'https://meet.example/humanmade-portfolio', maxParticipants: 20 },
      { title: 'Type pairing for identities', description: 'A hands-on session with two of our Seal holders.', date: upcoming(25, 16), link: 'https://meet.example/humanmade-type', maxParticipants: 30 },
      { title: 'Writing a brief clients love', description: 'For Minds and Makers who help clients shape their briefs.', date: upcoming(39, 15), link: 'https://meet.example/humanmade-briefs', maxParticipants: 50 },
    ]);
  });
  await app.db.transaction(async (tx) => {
    await tx.insert(contactSubmissions).values([
      { name: 'Olivia Grant', email: 'olivia.grant@example.com', message: 'Hello! How long does the review usually take for makers? I applied on Monday.', source: 'contact_page', createdAt: daysAgo(2) },
      { name: 'Marcus Lee', email: 'marcus@example.com', message: 'We are a small hotel looking for someone to redesign our menus and signage. Could White Glove help with that?', source: 'contact_page', createdAt: daysAgo(5) },
      { name: 'Anja Kranz', email: 'anja@example.com', message: 'I love the Field & Fern logo. Is Sofia available for a similar mark in spring?', source: 'marketplace', creatorId: creators.get('sofia') ?? null, creatorName: 'Sofia Lindqvist', createdAt: daysAgo(1) },
      { name: 'Ben Ortiz', email: 'ben.ortiz@example.com', message: 'Looking for a web designer for a bookshop site. Budget around $6k.', source: 'marketplace', creatorId: creators.get('tomas') ?? null, creatorName: 'Tomás Okafor', createdAt: daysAgo(3) },
    ]);
  });
};
