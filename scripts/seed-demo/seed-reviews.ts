import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { DeliverableCategory } from '../../src/domain/constants';
import type { App } from '../../src/server/app';
import type { Transaction } from '../../src/server/db/client';
import { clientProfiles, makerProfiles, projects, reviews, reviewWindows } from '../../src/server/db/schema';
import { createAccount } from '../../src/server/features/account/service';
import { platformFeeCents } from '../../src/domain/payment-schemas';
import { accounts, post } from '../../src/server/features/payments/ledger';
import { DEMO_PASSWORD, demoEmail, seedOf } from './seed-creators';
import { brandOf, recordProjectFiles, storeProjectFiles } from './seed-process-record';

const DAY = 24 * 60 * 60 * 1000;

/** Past clients who have worked with the demo creators and reviewed them (decision 160). */
const REVIEWERS = [
  { slug: 'past-ada', name: 'Ada Brennan', company: 'Brennan Bakery' },
  { slug: 'past-kofi', name: 'Kofi Asante', company: 'Asante Tea House' },
  { slug: 'past-lotte', name: 'Lotte Vermeer', company: 'Vermeer Bicycles' },
  { slug: 'past-omar', name: 'Omar Haddad', company: 'Haddad & Daughters' },
  { slug: 'past-rosa', name: 'Rosa Delgado', company: 'Delgado Wines' },
  { slug: 'past-finn', name: 'Finn Gallagher', company: 'Gallagher Books' },
];

/** How many reviews each creator has, so the directory shows averages, 'New' creators and creators with none. */
const REVIEWED: Record<string, number> = { ines: 6, tomas: 5, amara: 4, sofia: 5, chiara: 3, aiyana: 4, rafael: 2, hana: 1, clara: 4, samuel: 3, nadia: 1 };

/** What a past client wrote, by the stars they gave, so the words and the rating agree. */
const TEXTS: Record<3 | 4 | 5, string[]> = {
  5: [
    'Listened closely to what we needed and came back with something better than we had imagined.',
    'Clear about timings, generous with sketches, and the final files were perfectly organised.',
    'We have worked with many studios; this was the calmest and most careful process yet.',
    'Delivered exactly what was agreed, on the day it was agreed. Lovely to work with.',
    'The process photos alone were worth it: we could see every decision being made by hand.',
    'Patient with our many opinions, and firm where it mattered. The printer praised the files.',
    'Our customers noticed the difference within a week. We are already planning the next piece.',
    'Asked the questions nobody else had asked us, and the work is sharper for it.',
    'Careful, unhurried and exact. Every revision was an improvement, never a step sideways.',
    'Honest about what would and would not work for a small budget. Excellent value.',
    'The sketches were lovely on their own; the finished work even more so.',
  ],
  4: [
    'Thoughtful work. A round of changes took longer than planned, but the result was worth it.',
    'Good ideas and honest advice. We would have liked a little more contact mid-project.',
    'Quick to understand the brief. One deadline slipped by a day, with plenty of notice.',
    'Lovely final work. The first draft was safer than we hoped, and the second was exactly right.',
    'Reliable and kind. We needed to spell out the details more than expected, but it came together well.',
  ],
  3: [
    'The finished work is fine, but it took three rounds to get there and we had to chase for answers in between.',
    'A good eye, though the first concepts missed the brief and we lost two weeks finding our way back.',
    'Capable, but slower than agreed, and the last changes felt rushed. We are keeping most of it.',
  ],
};
/** The demo client's own words on each project Ines completed for them: one review per project, none the same. */
const JUNIPER_TEXTS = [
  'The calmest and most careful process we have had with any studio, and a brand guide our stockists actually read.',
  'The sleeve sold out its first run. Ines sent pencil roughs within two days and never lost the thread.',
  'Every box and sheet of tissue looks like it was made for us, because it was. The process photos made the case to our team.',
];
const CLIENT_TEXTS = ['A clear brief, quick answers and prompt payment.', 'Kind, decisive and easy to work with.', 'Knew what they wanted and said so early.'];

/** Past projects, by deliverable (a maker's) or for a mind's engagement: [title, what was asked]; the company names it. */
const PAST_PROJECTS: Record<DeliverableCategory | 'strategy', Array<[string, string]>> = {
  branding_packages: [
    ['Brand identity and packaging', 'Mark, colours, type and the boxes they live on: a whole identity, from the first sketches to print-ready files.'],
    ['Labels for the seasonal range', 'Six labels for a limited range, drawn to sit beside the core products and printed on uncoated stock.'],
    ['Gift box and tissue wrap', 'A gift box, a tissue paper pattern and a sticker for the holiday season.'],
    ['Brand refresh for the shop front', 'Signage, window lettering and a tidied-up logo for the shop on the high street.'],
  ],
  logo_design: [
    ['A new mark', 'A logo drawn from scratch, with a simplified version for small sizes and a one-colour stamp.'],
    ['Monogram and signage', 'A monogram for the door, the bags and the website, tested at every size it appears.'],
    ['Logo for the anniversary', 'A mark for the tenth year that sits beside the main logo without competing with it.'],
    ['Wordmark redraw', 'The existing wordmark redrawn: better spacing, steadier curves, the same character.'],
  ],
  web_design: [
    ['Website redesign', 'A calmer, faster site with the pages customers actually use, easy for the team to edit.'],
    ['Online shop', 'A small shop with clear product pages, delivery options and a checkout that works on any phone.'],
    ['Booking pages', 'Booking and availability pages to replace a phone-only system.'],
    ['Landing page for the launch', 'A launch page with a waiting list, designed and built in three weeks.'],
  ],
  social_media_assets: [
    ['Launch posts and stories', 'Posts and stories for launch week, with templates for the weeks after.'],
    ['Social templates', 'Templates the team fills in each week without breaking the brand.'],
    ['Campaign visuals for spring', 'A spring campaign across posts, stories and a printed poster.'],
  ],
  content_marketing: [
    ['Newsletter series', 'A monthly newsletter: its structure, the first three issues and illustrated headers.'],
    ['Stories from the workshop', 'Short articles about how the products are made, with photographs from the workshop floor.'],
    ['Guides for the website', 'Three how-to guides answering the questions customers ask most.'],
  ],
  editorial_design: [
    ['Annual report', "The year's report told as a story, with hand-drawn charts, for a print run of 500."],
    ['Catalogue layout', 'A catalogue grid and the first edition laid out, ready for the printer.'],
    ['Menu and price list', 'A menu and price list that is easy to update and pleasant to read.'],
    ['Printed guide', 'A pocket-sized printed guide with maps and illustrations.'],
  ],
  strategy: [
    ['Positioning workshop', 'Two workshops with the founders and a one-page positioning the team now decides by.'],
    ['Brand strategy sprint', 'Four weeks of interviews and workshops, ending in a brand platform and a plan to roll it out.'],
    ['Marketing plan for the year', 'A twelve-month plan a team of two can run, with a budget and what to measure.'],
    ['Naming and messaging', 'A name for the new range and the few sentences that explain it.'],
  ],
};

/** A rating leaning high, as real ones do: 5 most often, sometimes 4, now and then 3. */
const starsFor = (key: string): 3 | 4 | 5 => ([5, 5, 4, 5, 3, 4, 5] as const)[seedOf(key) % 7];

interface PairInput {
  clientId: string;
  company: string;
  creatorId: string;
  role: 'maker' | 'mind';
  title: string;
  description: string;
  type: DeliverableCategory;
  age: number;
  key: string;
}

const publishedPair = async (app: App, input: PairInput) => {
  const completedAt = new Date(Date.now() - input.age * DAY);
  // Begun some weeks before it was completed, so a creator's past work lists after their current projects.
  const createdAt = new Date(completedAt.getTime() - (21 + (seedOf(input.key) % 30)) * DAY);
  const budget = 1000 + (seedOf(input.key) % 40) * 100;
  const projectId = randomUUID();
  // A maker's work has its process docs and deliverable in the project's process record, delivered the day before
  // approval: it counts toward their Seal.
  const files =
    input.role === 'maker'
      ? await storeProjectFiles(app, { makerId: input.creatorId, projectId, type: input.type, brand: brandOf(input.company), docCount: 2 + (seedOf(`${input.key}d`) % 2) })
      : null;
  // The client paid for it and the creator was paid for it: funded into escrow, then released less the platform
  // fee, so the creator's earnings (read from the ledger, decision 170) include their past work.
  const cents = budget * 100;
  const fee = platformFeeCents(cents, app.config.PLATFORM_FEE_PERCENT);
  await app.db.transaction(async (tx) => {
    await tx.insert(projects).values({
      id: projectId,
      clientId: input.clientId,
      makerId: input.role === 'maker' ? input.creatorId : null,
      mindId: input.role === 'mind' ? input.creatorId : null,
      title: input.title,
      description: input.description,
      deliverableType: input.type,
      budget,
      status: 'completed',
      deliverableUrl: files?.deliverable.url ?? null,
      createdAt,
      completedAt,
    });
    if (files) await recordProjectFiles(tx, { projectId, makerId: input.creatorId, files, startedAt: createdAt, deliveredAt: new Date(completedAt.getTime() - DAY) });
    await post(tx, {
      kind: 'funding',
      idempotencyKey: `demo-funding:${projectId}`,
      entries: [
        { account: accounts.funding(input.clientId), amountCents: -cents },
        { account: accounts.escrow(projectId), amountCents: cents },
      ],
      projectId,
      memo: 'demo: paid before the ledger began',
    });
    await post(tx, {
      kind: 'release',
      idempotencyKey: `demo-release:${projectId}`,
      entries: [
        { account: accounts.escrow(projectId), amountCents: -cents },
        { account: accounts.payable(input.creatorId), amountCents: cents - fee },
        { account: accounts.fees(), amountCents: fee },
      ],
      projectId,
      memo: 'demo: approved work',
    });
    await insertPublishedReviews(tx, projectId, input, completedAt);
  });
};

/** The pair's window and both reviews, published: in the project's transaction, so none is left without the other. */
const insertPublishedReviews = async (tx: Transaction, projectId: string, input: PairInput, completedAt: Date) => {
  const publishedAt = new Date(completedAt.getTime() + 3 * DAY);
  await tx.insert(reviewWindows).values({ projectId, clientId: input.clientId, creatorId: input.creatorId, opensAt: completedAt, closesAt: new Date(completedAt.getTime() + 14 * DAY), publishedAt });
  const rating = starsFor(input.key);
  // Inserted published: the reviews trigger keeps the creator's figures, as publication would.
  await tx.insert(reviews).values([
    {
      projectId,
      direction: 'client_to_creator',
      authorId: input.clientId,
      subjectId: input.creatorId,
      rating,
      communication: Math.max(3, rating - (seedOf(`${input.key}c`) % 2)),
      quality: rating,
      onTime: Math.max(3, rating - (seedOf(`${input.key}t`) % 2)),
      wouldHireAgain: rating >= 4,
      body: TEXTS[rating][seedOf(input.key) % TEXTS[rating].length],
      publishedAt,
    },
    {
      projectId,
      direction: 'creator_to_client',
      authorId: input.creatorId,
      subjectId: input.clientId,
      rating: 4 + (seedOf(`${input.key}r`) % 2),
      body: CLIENT_TEXTS[seedOf(input.key) % CLIENT_TEXTS.length],
      publishedAt,
    },
  ]);
};

/** Published reviews both ways for the demo creators, from six past clients and from the demo client's completed work. */
export const seedReviews = async (app: App, creators: Map<string, string>, demoClientId: string): Promise<number> => {
  const reviewerIds: string[] = [];
  for (const reviewer of REVIEWERS) {
    const { userId } = await createAccount(app, { role: 'client', name: reviewer.name, email: demoEmail(reviewer.slug), password: DEMO_PASSWORD });
    await app.db
      .update(clientProfiles)
      .set({ applicationStatus: 'approved', companyName: reviewer.company, industry: 'Independent business', termsAcceptedAt: new Date() })
      .where(eq(clientProfiles.userId, userId));
    reviewerIds.push(userId);
  }
  let count = 0;
  for (const [slug, total] of Object.entries(REVIEWED)) {
    const creatorId = creators.get(slug);
    if (!creatorId) continue;
    const [maker] = await app.db.select({ categories: makerProfiles.deliverableCategories }).from(makerProfiles).where(eq(makerProfiles.userId, creatorId));
    const role = maker ? 'maker' : 'mind';
    for (let n = 0; n < total; n += 1) {
      const key = `${slug}-${n}`;
      const type = maker?.categories[n % Math.max(1, maker.categories.length)] ?? 'branding_packages';
      const reviewer = (seedOf(slug) + n) % reviewerIds.length;
      const { company } = REVIEWERS[reviewer];
      const past = PAST_PROJECTS[role === 'mind' ? 'strategy' : type];
      const [title, description] = past[(seedOf(slug) + n) % past.length];
      await publishedPair(app, { clientId: reviewerIds[reviewer], company, creatorId, role, title: `${title} for ${company}`, description, type, age: 40 + n * 35, key });
      count += 2;
    }
  }
  // The demo client's completed projects with Ines: both sides reviewed, so the client has a record too.
  const ines = creators.get('ines');
  const done = ines
    ? await app.db.select().from(projects).where(and(eq(projects.clientId, demoClientId), eq(projects.makerId, ines), eq(projects.status, 'completed')))
    : [];
  for (const [index, project] of done.entries()) {
    const completedAt = project.completedAt ?? project.createdAt;
    const publishedAt = new Date(completedAt.getTime() + 2 * DAY);
    await app.db.transaction(async (tx) => {
      await tx.insert(reviewWindows).values({ projectId: project.id, clientId: demoClientId, creatorId: ines!, opensAt: completedAt, closesAt: new Date(completedAt.getTime() + 14 * DAY), publishedAt });
      await tx.insert(reviews).values([
      { projectId: project.id, direction: 'client_to_creator', authorId: demoClientId, subjectId: ines!, rating: 5, communication: 5, quality: 5, onTime: 5, wouldHireAgain: true, body: JUNIPER_TEXTS[index % JUNIPER_TEXTS.length], publishedAt },
      { projectId: project.id, direction: 'creator_to_client', authorId: ines!, subjectId: demoClientId, rating: 5, body: CLIENT_TEXTS[index % CLIENT_TEXTS.length], publishedAt },
      ]);
    });
    count += 2;
  }
  return count;
};
