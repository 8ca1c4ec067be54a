// Test support: real records owned by "A" users, made through the API where the API makes them (projects,
// uploads, White Glove, portfolio) and arranged in the database only for states that take many steps.
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { addProject } from '../support/admin';
import { approveMaker, approveMind, multipart, onboardedClient, pdfBuffer, pngBuffer, projectPayload, putInReview } from '../support/project-fixtures';
import { portfolioItems, processDocs, processRecordEntries, projectFileReviews, projects } from '../../src/server/db/schema';
import type { TestContext, TestUser } from '../support/harness';

export interface OwnershipWorld {
  clientA: TestUser;
  clientB: TestUser;
  makerA: TestUser;
  makerB: TestUser;
  mindA: TestUser;
  mindB: TestUser;
  admin: TestUser;
  otherAdmin: TestUser;
  /** A maker and a mind whose applications wait for the admin. */
  pendingMaker: TestUser;
  pendingMind: TestUser;
  /** A throw-away client for the admin's delete. */
  doomedClient: TestUser;
  portfolioItemId: string;
  /** Two portfolio items of a third maker held for a provenance review (one to clear, one to remove). */
  heldItems: { forApprove: string; forRemove: string };
  /** The reviewed project's process doc, listed for Provenance review as if its credentials declared generative AI. */
  heldProjectFileEntryId: string;
  /** Another project's process doc held the same way, for the admin to remove. */
  heldProjectFileForRemove: string;
  /** client A × maker A, in review, with a real process doc and a real deliverable. */
  reviewed: { id: string; processDocUrl: string; deliverableUrl: string };
  unassignedForAssign: string;
  unassignedForCancel: string;
  draftForAccept: string;
  draftForDecline: string;
  mindDraft: string;
  active: string;
  inReviewForFlag: string;
  flaggedForClear: string;
  flaggedForCancel: string;
  whiteGloveId: string;
  /** Offers (decision 151): a draft of maker A to send one on, three with a pending version 1 to answer each way. */
  draftForOffer: string;
  offered: { forAccept: string; forDecline: string; forChanges: string };
  inReviewForRevision: string;
  activeForExtraRevision: string;
  /** Active projects of maker A to end (decision 193): one the maker withdraws from, one an admin cancels. */
  activeForWithdraw: string;
  activeForAdminCancel: string;
}

const dueInTwoWeeks = () => new Date(Date.now() + 14 * 24 * 3600 * 1000).toISOString().slice(0, 10);
/** An offer of $900 in two milestones. */
export const offerBody = () => ({
  price: 900,
  revisionRounds: 1,
  note: 'Two steps.',
  milestones: [
    { title: 'Sketches', amountCents: 40000, dueDate: dueInTwoWeeks() },
    { title: 'Final files', amountCents: 50000, dueDate: dueInTwoWeeks() },
  ],
});

const ok = (response: { statusCode: number; body: string }, status: number) => {
  expect(response.statusCode, response.body).toBe(status);
};

export const arrangeOwnershipWorld = async (ctx: TestContext): Promise<OwnershipWorld> => {
  const [clientA, clientB] = [await onboardedClient(ctx, 'A Studio'), await onboardedClient(ctx, 'B Studio')];
  const [makerA, makerB] = [await approveMaker(ctx, { name: 'Maker A' }), await approveMaker(ctx, { name: 'Maker B' })];
  const [mindA, mindB] = [await approveMind(ctx, { name: 'Mind A' }), await approveMind(ctx, { name: 'Mind B' })];
  const [admin, otherAdmin] = [await ctx.createAdmin(), await ctx.createAdmin()];
  const pendingMaker = await approveMaker(ctx, { name: 'Pending Maker', status: 'pending' });
  const pendingMind = await approveMind(ctx, { name: 'Pending Mind', status: 'pending' });
  const doomedClient = await ctx.signUp('client');

  const png = await pngBuffer('#a5472a', 24);
  const item = multipart({ data: png, filename: 'work.png', contentType: 'image/png' }, { title: 'A real piece', category: 'logo_design' });
  const created = await ctx.inject(makerA, { method: 'POST', url: '/api/portfolio', payload: item.payload, headers: item.headers });
  ok(created, 201);

  const createProject = async (creatorId?: string) => {
    const response = await ctx.inject(clientA, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId }) });
    ok(response, 201);
    return response.json().id as string;
  };
  const act = async (user: TestUser, id: string, action: string) => ok(await ctx.inject(user, { method: 'POST', url: `/api/projects/${id}/${action}` }), 200);

  // The full life of one project through the API: assigned draft → accepted → process doc → deliverable.
  const reviewedId = await createProject(makerA.id);
  await act(makerA, reviewedId, 'accept');
  const doc = multipart({ data: png, filename: 'sketch.png', contentType: 'image/png' }, { description: 'First sketches' });
  ok(await ctx.inject(makerA, { method: 'POST', url: `/api/projects/${reviewedId}/process-docs`, payload: doc.payload, headers: doc.headers }), 201);
  const pdf = multipart({ data: pdfBuffer(), filename: 'final.pdf', contentType: 'application/pdf' });
  ok(await ctx.inject(makerA, { method: 'POST', url: `/api/projects/${reviewedId}/deliverable`, payload: pdf.payload, headers: pdf.headers }), 200);
  const [reviewedRow] = await ctx.db.select().from(projects).where(eq(projects.id, reviewedId));
  const [docRow] = await ctx.db.select().from(processDocs).where(eq(processDocs.projectId, reviewedId));
  const [docEntry] = await ctx.db
    .select({ id: processRecordEntries.id })
    .from(processRecordEntries)
    .where(and(eq(processRecordEntries.projectId, reviewedId), eq(processRecordEntries.kind, 'process_doc')));
  await ctx.db.insert(projectFileReviews).values({ entryId: docEntry.id, projectId: reviewedId });
  const heldForRemoveProject = await createProject(makerA.id);
  await act(makerA, heldForRemoveProject, 'accept');
  const heldDoc = multipart({ data: png, filename: 'render.png', contentType: 'image/png' });
  ok(await ctx.inject(makerA, { method: 'POST', url: `/api/projects/${heldForRemoveProject}/process-docs`, payload: heldDoc.payload, headers: heldDoc.headers }), 201);
  const [heldEntry] = await ctx.db.select({ id: processRecordEntries.id }).from(processRecordEntries).where(eq(processRecordEntries.projectId, heldForRemoveProject));
  await ctx.db.insert(projectFileReviews).values({ entryId: heldEntry.id, projectId: heldForRemoveProject });

  const active = await createProject(makerA.id);
  await act(makerA, active, 'accept');
  const inReviewForFlag = await createProject(makerA.id);
  await act(makerA, inReviewForFlag, 'accept');
  await putInReview(ctx.db, inReviewForFlag);

  const draftForOffer = await createProject(makerA.id);
  const offered = async () => {
    const id = await createProject(makerA.id);
    ok(await ctx.inject(makerA, { method: 'POST', url: `/api/projects/${id}/offers`, payload: offerBody() }), 201);
    return id;
  };
  const offeredProjects = { forAccept: await offered(), forDecline: await offered(), forChanges: await offered() };
  const inReviewForRevision = await createProject(makerA.id);
  await act(makerA, inReviewForRevision, 'accept');
  await putInReview(ctx.db, inReviewForRevision);
  const activeForExtraRevision = await createProject(makerA.id);
  await act(makerA, activeForExtraRevision, 'accept');
  // The creator may allow an extra round only once the included ones are used up.
  await ctx.db.update(projects).set({ revisionsUsed: 2, revisionRounds: 2 }).where(eq(projects.id, activeForExtraRevision));

  const activeForWithdraw = await createProject(makerA.id);
  await act(makerA, activeForWithdraw, 'accept');
  const activeForAdminCancel = await createProject(makerA.id);
  await act(makerA, activeForAdminCancel, 'accept');

  const flagged = async () => (await addProject(ctx, { clientId: clientA.id, makerId: makerA.id, status: 'in_review', flagged: true })).id;
  // Three completed projects with process docs make maker A eligible for the Seal.
  for (let index = 0; index < 3; index += 1) await addProject(ctx, { clientId: clientA.id, makerId: makerA.id, status: 'completed', withDoc: true });

  const whiteGlove = await ctx.inject(clientA, {
    method: 'POST',
    url: '/api/white-glove/requests',
    payload: { description: 'A full identity for our coffee roastery', deliverableType: 'logo_design', budget: 4000 },
  });
  ok(whiteGlove, 201);

  // Held as the upload would hold a near copy of maker A's image (the review's own test makes one from real images).
  const copier = await approveMaker(ctx, { name: 'Maker C' });
  const heldItem = async () => {
    const [row] = await ctx.db
      .insert(portfolioItems)
      .values({ makerId: copier.id, title: 'Held work', category: 'logo_design', imageUrl: `/files/portfolio-items/${copier.id}/portfolio/held.png`, reviewStatus: 'pending' })
      .returning({ id: portfolioItems.id });
    return row.id;
  };
  return {
    clientA,
    clientB,
    makerA,
    makerB,
    mindA,
    mindB,
    admin,
    otherAdmin,
    pendingMaker,
    pendingMind,
    doomedClient,
    portfolioItemId: created.json().item.id,
    heldItems: { forApprove: await heldItem(), forRemove: await heldItem() },
    heldProjectFileEntryId: docEntry.id,
    heldProjectFileForRemove: heldEntry.id,
    reviewed: { id: reviewedId, processDocUrl: docRow.fileUrl, deliverableUrl: reviewedRow.deliverableUrl! },
    unassignedForAssign: await createProject(),
    unassignedForCancel: await createProject(),
    draftForAccept: await createProject(makerA.id),
    draftForDecline: await createProject(makerA.id),
    mindDraft: await createProject(mindA.id),
    active,
    inReviewForFlag,
    flaggedForClear: await flagged(),
    flaggedForCancel: await flagged(),
    whiteGloveId: whiteGlove.json().id,
    draftForOffer,
    offered: offeredProjects,
    inReviewForRevision,
    activeForExtraRevision,
    activeForWithdraw,
    activeForAdminCancel,
  };
};
