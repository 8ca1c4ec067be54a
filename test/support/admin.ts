import { eq } from 'drizzle-orm';
import type { DeliverableCategory, ExpertiseArea, ProjectStatus } from '../../src/domain/constants';
import { clientProfiles, makerProfiles, mindProfiles, processDocs, projects, whiteGloveRequests } from '../../src/server/db/schema';
import type { TestContext, TestUser } from './harness';

/** Arranges admin-test data directly in the database, as the other features' flows would have left it. */

export const submitMaker = async (
  ctx: TestContext,
  maker: TestUser,
  overrides: Partial<{ categories: DeliverableCategory[]; status: 'pending' | 'approved'; experienceYears: number }> = {},
) => {
  await ctx.db
    .update(makerProfiles)
    .set({
      applicationStatus: overrides.status ?? 'pending',
      experienceYears: overrides.experienceYears ?? 7,
      introVideoUrl: 'https://video.example.com/intro',
      deliverableCategories: overrides.categories ?? ['logo_design', 'branding_packages'],
      submittedAt: new Date(),
    })
    .where(eq(makerProfiles.userId, maker.id));
};

export const submitMind = async (
  ctx: TestContext,
  mind: TestUser,
  overrides: Partial<{ areas: ExpertiseArea[]; status: 'pending' | 'approved' }> = {},
) => {
  await ctx.db
    .update(mindProfiles)
    .set({
      applicationStatus: overrides.status ?? 'pending',
      expertiseAreas: overrides.areas ?? ['Brand Strategy'],
      subscriptionPlan: 'pro',
      submittedAt: new Date(),
    })
    .where(eq(mindProfiles.userId, mind.id));
};

export const onboardClient = async (ctx: TestContext, client: TestUser, companyName: string | null = 'Acme Studio') => {
  await ctx.db.update(clientProfiles).set({ applicationStatus: 'approved', companyName }).where(eq(clientProfiles.userId, client.id));
};

export const addProject = async (
  ctx: TestContext,
  input: { clientId: string; makerId?: string; status?: ProjectStatus; withDoc?: boolean; flagged?: boolean; title?: string; createdAt?: Date },
) => {
  const [project] = await ctx.db
    .insert(projects)
    .values({
      clientId: input.clientId,
      makerId: input.makerId ?? null,
      title: input.title ?? 'Logo refresh',
      description: 'A new mark for an old bakery',
      deliverableType: 'logo_design',
      budget: 1200,
      status: input.status ?? 'completed',
      flagged: input.flagged ?? false,
      flagReason: input.flagged ? 'Client flagged for review' : null,
      createdAt: input.createdAt ?? new Date(),
    })
    .returning();
  if (input.withDoc && input.makerId) {
    await ctx.db.insert(processDocs).values({ makerId: input.makerId, projectId: project.id, fileUrl: `/files/process-docs/${input.makerId}/${project.id}/sketch.png`, description: 'Sketches' });
  }
  return project;
};

export const addWhiteGloveRequest = async (
  ctx: TestContext,
  clientId: string,
  overrides: Partial<{ deliverableType: DeliverableCategory; createdAt: Date; description: string }> = {},
) => {
  const [request] = await ctx.db
    .insert(whiteGloveRequests)
    .values({
      clientId,
      description: overrides.description ?? 'A full identity for a neighbourhood bakery',
      deliverableType: overrides.deliverableType ?? 'logo_design',
      budget: 4000,
      createdAt: overrides.createdAt ?? new Date(),
    })
    .returning();
  return request;
};
