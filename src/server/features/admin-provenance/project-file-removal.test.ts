import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, notifications, processRecordEntries, projectMilestones, projects } from '../../db/schema';
import { aiDeclaredImage, noiseImage } from '../../../../test/support/c2pa';
import { addProject } from '../../../../test/support/admin';
import { expectAccess, type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { acceptedProject, approveMaker, onboardedClient, pdfBuffer, uploadProjectFile } from '../../../../test/support/project-fixtures';
import { reviewRemovalNote } from '../process-record/service';
import { REMOVED_DELIVERABLE_NOTE } from './remove-project-file';

let ctx: TestContext;
let admin: TestUser;

withTestContext(async (created) => {
  ctx = created;
  admin = await ctx.createAdmin();
}, {}, 60_000);

const send = async (maker: TestUser, id: string, kind: 'process-docs' | 'deliverable', data: Buffer, filename: string, contentType: string) =>
  uploadProjectFile(ctx, maker, id, kind, { data, filename, contentType });
const entriesOf = async (user: TestUser, id: string) =>
  (await ctx.inject(user, { method: 'GET', url: `/api/process-records/${id}` })).json().entries as Array<Record<string, unknown> & { seq: number; fileUrl: string | null }>;
const entryIdAt = async (id: string, seq: number) =>
  (await ctx.db.select({ id: processRecordEntries.id }).from(processRecordEntries).where(and(eq(processRecordEntries.projectId, id), eq(processRecordEntries.seq, seq))))[0].id;
const verification = async (user: TestUser, id: string) => (await ctx.inject(user, { method: 'GET', url: `/api/process-records/${id}/verification` })).json();
const fileStatus = async (user: TestUser | null, url: string) => (await ctx.inject(user, { method: 'GET', url })).statusCode;
const remove = (user: TestUser | null, entryId: string, reason?: string) =>
  ctx.inject(user, { method: 'POST', url: `/api/admin/provenance/project-files/${entryId}/remove`, payload: reason ? { reason } : {} });
const approve = (entryId: string) => ctx.inject(admin, { method: 'POST', url: `/api/admin/provenance/project-files/${entryId}/clear` });
/** A new client and creator's active project with a plain process doc, then an AI-declared file (entry 2). */
const projectWithHeldFile = async (kind: 'process-docs' | 'deliverable') => {
  const [client, maker] = [await onboardedClient(ctx), await approveMaker(ctx)];
  const id = await acceptedProject(ctx, client, maker);
  await send(maker, id, 'process-docs', await noiseImage('png'), 'sketch.png', 'image/png');
  await send(maker, id, kind, await aiDeclaredImage(), 'render.jpg', 'image/jpeg');
  return { client, maker, id, entryId: await entryIdAt(id, 2) };
};
const reviewIds = async () => ((await ctx.inject(admin, { method: 'GET', url: '/api/admin/provenance/project-files' })).json().items as Array<{ entryId: string }>).map((item) => item.entryId);

describe('removing an AI-declared process doc', () => {
  it('is for admins only: the client, the creator and anonymous visitors are refused and change nothing', async () => {
    const { client, maker, id, entryId } = await projectWithHeldFile('process-docs');
    const url = `/api/admin/provenance/project-files/${entryId}/remove`;
    await expectAccess(ctx, { method: 'POST', url, payload: {} }, [
      ['anonymous', null, 401],
      ['client', client, 403],
      ['creator', maker, 403],
    ]);
    const clearUrl = `/api/admin/provenance/project-files/${entryId}/clear`;
    await expectAccess(ctx, { method: 'POST', url: clearUrl }, [
      ['anonymous', null, 401],
      ['client', client, 403],
      ['creator', maker, 403],
    ]);
    expect(await reviewIds()).toContain(entryId);
    expect((await entriesOf(client, id))[1]).toMatchObject({ review: 'held' });
    expect((await remove(admin, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('deletes the file for everyone, keeps the record whole with a tombstone that names it, audits it and tells both parties', async () => {
    const { client, maker, id, entryId } = await projectWithHeldFile('process-docs');
    const [, held] = await entriesOf(client, id);
    // Project files are the two parties' own (never public): a held one stays visible to them, marked held.
    expect(held).toMatchObject({ review: 'held' });
    const url = held.fileUrl!;
    expect(await fileStatus(client, url)).toBe(200);
    expect(await fileStatus(maker, url)).toBe(200);
    expect(await fileStatus(null, url)).toBe(404);

    expect((await remove(admin, entryId, 'Rendered by an image model')).statusCode).toBe(200);
    expect((await remove(admin, entryId)).statusCode).toBe(409);
    expect((await approve(entryId)).statusCode).toBe(409);

    for (const user of [client, maker, null, admin]) expect(await fileStatus(user, url)).toBe(404);
    const view = (await ctx.inject(client, { method: 'GET', url: `/api/projects/${id}` })).json();
    expect(view.processDocs).toHaveLength(1);
    expect(await reviewIds()).not.toContain(entryId);

    const entries = await entriesOf(maker, id);
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({ review: null, removesSeq: null });
    expect(entries[1]).toMatchObject({ kind: 'process_doc', review: 'removed', fileUrl: null, removesSeq: null });
    expect(entries[2]).toMatchObject({ kind: 'tombstone', note: reviewRemovalNote(2), removesSeq: 2, uploaderName: null, prevHash: entries[1].entryHash });
    const checked = await verification(client, id);
    expect(checked.verified).toBe(true);
    expect(checked.entries.map((entry: { status: string }) => entry.status)).toEqual(['ok', 'file_removed_by_review', 'ok']);
    expect((await ctx.inject(null, { method: 'GET', url: `/api/process-records/${id}/status` })).json()).toMatchObject({ verified: true, entryCount: 3 });

    const [audit] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'provenance.remove_project_file'), eq(auditLog.targetId, entryId)));
    expect(audit).toMatchObject({ actorId: admin.id, reason: 'Rendered by an image model', metadata: { projectId: id, kind: 'process_doc', seq: 2, reason: 'ai_declared' } });
    const told = await ctx.db.select().from(notifications).where(eq(notifications.subjectKey, `provenance:${entryId}`));
    expect(told.map((item) => item.userId).sort()).toEqual([client.id, maker.id].sort());
    expect(told[0].title).toBe(`A process doc was removed from “${view.title}”`);
    // Each lands on the project in their own dashboard: its Projects tab, not the bare dashboard.
    const linkOf = (userId: string) => told.find((item) => item.userId === userId)?.link;
    expect(linkOf(client.id)).toBe(`/dashboard-client?tab=projects&project=${id}`);
    expect(linkOf(maker.id)).toBe(`/dashboard-maker?tab=projects&project=${id}`);
  });
});

describe('removing an AI-declared deliverable under review', () => {
  it('sends the milestone back to the creator without using a revision round, and their own next submission verifies beside the removed one', async () => {
    const { client, maker, id, entryId } = await projectWithHeldFile('deliverable');
    const [before] = await ctx.db.select().from(projects).where(eq(projects.id, id));
    expect(before.status).toBe('in_review');
    const url = before.deliverableUrl!;

    expect((await remove(admin, entryId)).statusCode).toBe(200);
    const [after] = await ctx.db.select().from(projects).where(eq(projects.id, id));
    expect(after).toMatchObject({ status: 'active', deliverableUrl: null, revisionsUsed: before.revisionsUsed });
    const [milestone] = await ctx.db.select().from(projectMilestones).where(eq(projectMilestones.projectId, id));
    expect(milestone).toMatchObject({ status: 'revision_requested', deliverableUrl: null, revisionNote: REMOVED_DELIVERABLE_NOTE, autoApproveAt: null });
    for (const user of [client, maker, null]) expect(await fileStatus(user, url)).toBe(404);

    // The creator's own next deliverable, of the same file type, has a path of its own: the removed one's URL stays 404.
    await send(maker, id, 'deliverable', await noiseImage('jpeg', '#336699'), 'final.jpg', 'image/jpeg');
    const [resubmitted] = await ctx.db.select().from(projects).where(eq(projects.id, id));
    expect(resubmitted.deliverableUrl!.split('?')[0]).not.toBe(url.split('?')[0]);
    for (const user of [client, maker, null, admin]) expect(await fileStatus(user, url)).toBe(404);
    expect(await fileStatus(client, resubmitted.deliverableUrl!)).toBe(200);
    const checked = await verification(maker, id);
    expect(checked.entries.map((entry: { status: string }) => entry.status)).toEqual(['ok', 'file_removed_by_review', 'ok', 'ok']);
    expect(checked.verified).toBe(true);
  });
});

describe('Seal eligibility and held process docs', () => {
  /** A maker with two completed documented projects and a third whose only process doc declares generative AI. */
  const makerWithHeldThird = async () => {
    const [client, maker] = [await onboardedClient(ctx), await approveMaker(ctx)];
    for (let index = 0; index < 2; index += 1) await addProject(ctx, { clientId: client.id, makerId: maker.id, withDoc: true });
    const id = await acceptedProject(ctx, client, maker);
    await send(maker, id, 'process-docs', await aiDeclaredImage(), 'render.jpg', 'image/jpeg');
    await send(maker, id, 'deliverable', pdfBuffer(), 'final.pdf', 'application/pdf');
    expect((await ctx.inject(client, { method: 'POST', url: `/api/projects/${id}/approve` })).statusCode).toBe(200);
    return { maker, entryId: await entryIdAt(id, 1) };
  };
  const eligibility = async (makerId: string) => {
    const { eligible } = (await ctx.inject(admin, { method: 'GET', url: '/api/admin/seal' })).json() as { eligible: Array<{ userId: string; qualifyingProjects: number }> };
    return eligible.find((maker) => maker.userId === makerId)?.qualifyingProjects ?? null;
  };

  it('does not count a project whose process doc waits for review or was removed, and counts it once approved', async () => {
    const approved = await makerWithHeldThird();
    const removed = await makerWithHeldThird();
    expect(await eligibility(approved.maker.id)).toBeNull();
    expect(await eligibility(removed.maker.id)).toBeNull();
    expect((await ctx.inject(admin, { method: 'POST', url: `/api/admin/seal/${approved.maker.id}/assign` })).statusCode).toBe(409);

    expect((await approve(approved.entryId)).statusCode).toBe(200);
    expect((await remove(admin, removed.entryId)).statusCode).toBe(200);
    expect(await eligibility(approved.maker.id)).toBe(3);
    expect(await eligibility(removed.maker.id)).toBeNull();
    expect((await ctx.inject(admin, { method: 'POST', url: `/api/admin/seal/${approved.maker.id}/assign` })).statusCode).toBe(200);
  });
});
