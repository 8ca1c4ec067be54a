import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { DeliverableCategory, ExpertiseArea } from '../../src/domain/constants';
import type { ProjectView } from '../../src/domain/project-schemas';
import { clientProfiles, emailOutbox, makerProfiles, mindProfiles, profiles, projectMilestones, projects } from '../../src/server/db/schema';
import type { TestContext, TestUser } from './harness';

/** Helpers for this feature's API tests: approved creators, onboarded clients, real images and multipart bodies. */

export const approveMaker = async (
  ctx: TestContext,
  overrides: { name?: string; categories?: DeliverableCategory[]; seal?: boolean; status?: 'approved' | 'pending' | 'rejected' | 'draft' } = {},
): Promise<TestUser> => {
  const maker = await ctx.signUp('maker', overrides.name ? { name: overrides.name } : {});
  await ctx.db.update(profiles).set({ name: maker.name, bio: 'I design by hand.' }).where(eq(profiles.id, maker.id));
  await ctx.db
    .update(makerProfiles)
    .set({
      applicationStatus: overrides.status ?? 'approved',
      deliverableCategories: overrides.categories ?? ['logo_design'],
      sealStatus: overrides.seal ? 'verified' : 'none',
      experienceYears: 5,
    })
    .where(eq(makerProfiles.userId, maker.id));
  return maker;
};

export const approveMind = async (
  ctx: TestContext,
  overrides: { name?: string; areas?: ExpertiseArea[]; status?: 'approved' | 'pending' } = {},
): Promise<TestUser> => {
  const mind = await ctx.signUp('mind', overrides.name ? { name: overrides.name } : {});
  await ctx.db
    .update(mindProfiles)
    .set({ applicationStatus: overrides.status ?? 'approved', expertiseAreas: overrides.areas ?? ['Brand Strategy'] })
    .where(eq(mindProfiles.userId, mind.id));
  return mind;
};

export const onboardedClient = async (ctx: TestContext, companyName = 'Acme Studio'): Promise<TestUser> => {
  const client = await ctx.signUp('client');
  await ctx.db
    .update(clientProfiles)
    .set({ applicationStatus: 'approved', companyName, industry: 'Retail', budgetRange: '$5k-$10k', desiredCategories: ['logo_design'] })
    .where(eq(clientProfiles.userId, client.id));
  return client;
};

export const pngBuffer = (color = '#a5472a', size = 16): Promise<Buffer> =>
  sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A minimal, real PDF: enough for content sniffing to recognise it. */
export const pdfBuffer = (): Buffer =>
  Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** Builds a multipart/form-data body for app.inject. */
export const multipart = (file: { data: Buffer; filename: string; contentType: string } | null, fields: Record<string, string> = {}) => {
  const boundary = `----hm${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

export const emailsTo = async (ctx: TestContext, address: string) =>
  ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, address.toLowerCase()));

export const projectPayload = (overrides: Record<string, unknown> = {}) => ({
  title: 'A new wordmark',
  description: 'A hand-drawn wordmark for our bakery.',
  deliverableType: 'logo_design',
  budget: 1200,
  ...overrides,
});

/**
 * Puts an active project's work in review without an upload, for tests about what follows: the project is in_review
 * and its current milestone submitted, as a real submission leaves them.
 */
export const putInReview = async (db: TestContext['db'], projectId: string, deliverableUrl: string | null = null): Promise<void> => {
  await db.update(projects).set({ status: 'in_review', deliverableUrl }).where(eq(projects.id, projectId));
  await db
    .update(projectMilestones)
    .set({ status: 'submitted', submissions: 1, submittedAt: new Date(), deliverableUrl })
    .where(and(eq(projectMilestones.projectId, projectId), inArray(projectMilestones.status, ['active', 'revision_requested'])));
};

/** A project the client commissioned from the creator and the creator accepted: active, its first milestone open. */
export const acceptedProject = async (ctx: TestContext, client: TestUser, creator: TestUser): Promise<string> => {
  const created = await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId: creator.id }) });
  const id = created.json().id as string;
  const accepted = await ctx.inject(creator, { method: 'POST', url: `/api/projects/${id}/accept` });
  if (accepted.statusCode !== 200) throw new Error(`accept answered ${accepted.statusCode}: ${accepted.body}`);
  return id;
};

/** A date `days` from today, as an offer's milestone due date (YYYY-MM-DD). */
export const dueDateIn = (days: number): string => new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * A project whose offer the client accepted: the creator sends an offer of the given milestones (their amounts make
 * the price), and the client accepts it. Answers the project as the client sees it then: active, its first milestone open.
 */
export const acceptedOfferProject = async (
  ctx: TestContext,
  client: TestUser,
  creator: TestUser,
  offer: { milestones: Array<{ title: string; amountCents: number; dueDate?: string }>; title?: string; revisionRounds?: number; note?: string },
): Promise<ProjectView> => {
  const price = offer.milestones.reduce((sum, milestone) => sum + milestone.amountCents, 0) / 100;
  const expectStatus = (response: Awaited<ReturnType<TestContext['inject']>>, status: number, what: string) => {
    if (response.statusCode !== status) throw new Error(`${what} answered ${response.statusCode}: ${response.body}`);
    return response.json();
  };
  const draftPayload = projectPayload({ creatorId: creator.id, budget: price, ...(offer.title ? { title: offer.title } : {}) });
  const draft = expectStatus(await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: draftPayload }), 201, 'the draft');
  const payload = {
    price,
    revisionRounds: offer.revisionRounds ?? 1,
    note: offer.note ?? 'Step by step.',
    milestones: offer.milestones.map((milestone) => ({ dueDate: dueDateIn(30), ...milestone })),
  };
  expectStatus(await ctx.inject(creator, { method: 'POST', url: `/api/projects/${draft.id}/offers`, payload }), 201, 'the offer');
  return expectStatus(await ctx.inject(client, { method: 'POST', url: `/api/projects/${draft.id}/offers/1/accept` }), 200, 'the acceptance') as ProjectView;
};

/** Uploads a process doc or the deliverable through the API, and fails the test on any refusal. */
export const uploadProjectFile = async (
  ctx: TestContext,
  creator: TestUser,
  projectId: string,
  kind: 'process-docs' | 'deliverable',
  file: { data: Buffer; filename: string; contentType: string },
) => {
  const body = multipart(file);
  const response = await ctx.inject(creator, { method: 'POST', url: `/api/projects/${projectId}/${kind}`, payload: body.payload, headers: body.headers });
  if (response.statusCode >= 300) throw new Error(`${kind} upload answered ${response.statusCode}: ${response.body}`);
  return response;
};
