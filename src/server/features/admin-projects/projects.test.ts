import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../domain/admin-schemas';
import { auditLog, emailOutbox, notifications, projects } from '../../db/schema';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { addProject } from '../../../../test/support/admin';

let ctx: TestContext;
let admin: TestUser;
let client: TestUser;
let maker: TestUser;
withTestContext(async (created) => {
  ctx = created;
  admin = await ctx.createAdmin();
  client = await ctx.signUp('client', { name: 'Clara Client' });
  maker = await ctx.signUp('maker', { name: 'Milo Maker' });
});

const projectRow = async (id: string) => (await ctx.db.select().from(projects).where(eq(projects.id, id)))[0];
/** The bell items of a project's decision, one per side, ordered by recipient. */
const bellItemsFor = async (projectId: string) =>
  (await ctx.db.select({ userId: notifications.userId, title: notifications.title, link: notifications.link, subjectKey: notifications.subjectKey }).from(notifications))
    .filter((item) => item.subjectKey.startsWith(`project:${projectId}:`))
    .map(({ userId, title, link }) => ({ userId, title, link }))
    .sort((a, b) => a.userId.localeCompare(b.userId));
const act = (id: string, action: 'clear-flag' | 'cancel', reason?: string) =>
  ctx.inject(admin, { method: 'POST', url: `/api/admin/projects/${id}/${action}`, payload: reason ? { reason } : {} });

describe('GET /api/admin/projects', () => {
  it('loads the 50 newest projects with names, and only flagged ones (with reason) under the flagged filter', async () => {
    const base = Date.now() - 60 * 60 * 1000;
    for (let index = 0; index < 52; index += 1) {
      await addProject(ctx, { clientId: client.id, makerId: maker.id, status: 'active', title: `Project ${index}`, createdAt: new Date(base + index * 1000) });
    }
    const oldFlagged = await addProject(ctx, { clientId: client.id, makerId: maker.id, status: 'in_review', flagged: true, title: 'Old flagged', createdAt: new Date(base - 1000) });

    const all = (await ctx.inject(admin, { method: 'GET', url: '/api/admin/projects' })).json().projects;
    expect(all).toHaveLength(50);
    expect(all[0]).toMatchObject({ title: 'Project 51', deliverableType: 'logo_design', status: 'active', clientName: 'Clara Client', creatorName: 'Milo Maker', flagged: false });
    expect(all.map((p: { title: string }) => p.title)).not.toContain('Old flagged');

    // The flagged view is the queue of flags awaiting a decision, oldest first; a cancelled project keeps its flag
    // as history but has left the queue.
    const newFlagged = await addProject(ctx, { clientId: client.id, makerId: maker.id, status: 'in_review', flagged: true, title: 'New flagged', createdAt: new Date(base + 60_000) });
    await addProject(ctx, { clientId: client.id, makerId: maker.id, status: 'cancelled', flagged: true, title: 'Cancelled flagged', createdAt: new Date(base - 2000) });
    const flagged = (await ctx.inject(admin, { method: 'GET', url: '/api/admin/projects?filter=flagged' })).json().projects;
    expect(flagged.map((p: { id: string }) => p.id)).toEqual([oldFlagged.id, newFlagged.id]);
    expect(flagged[0].flagReason).toBe('Client flagged for review');
    expect((await ctx.inject(admin, { method: 'GET', url: '/api/admin/overview' })).json().stats.totalProjects).toBe(55);
  });
});

describe('resolving a flag', () => {
  it('clears the flag: unflagged, no reason, still in review; both parties emailed; audited', async () => {
    const project = await addProject(ctx, { clientId: client.id, makerId: maker.id, status: 'in_review', flagged: true });
    const response = await act(project.id, 'clear-flag', 'The deliverable matches the brief');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: project.id, status: 'in_review', flagged: false });
    expect(await projectRow(project.id)).toMatchObject({ status: 'in_review', flagged: false, flagReason: null });
    const mails = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.type, 'project-flag-cleared'));
    expect(mails.map((mail) => mail.toAddress).sort()).toEqual([client.email, maker.email].sort());
    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, project.id), eq(auditLog.action, 'project.clear_flag')));
    expect(entry).toMatchObject({ reason: 'The deliverable matches the brief', metadata: { flagReason: 'Client flagged for review' } });
    expect(await bellItemsFor(project.id)).toEqual([
      { userId: client.id, title: `Review finished: ${project.title}`, link: `/dashboard-client?tab=projects&project=${project.id}` },
      { userId: maker.id, title: `Review finished: ${project.title}`, link: `/dashboard-maker?tab=projects&project=${project.id}` },
    ].sort((a, b) => a.userId.localeCompare(b.userId)));
    expect((await act(project.id, 'clear-flag')).statusCode).toBe(409);
  });

  it('cancels a flagged project and audits it', async () => {
    const project = await addProject(ctx, { clientId: client.id, makerId: maker.id, status: 'in_review', flagged: true });
    const response = await act(project.id, 'cancel');
    expect(response.statusCode).toBe(200);
    expect((await projectRow(project.id)).status).toBe('cancelled');
    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, project.id), eq(auditLog.action, 'project.cancel')));
    expect(entry.actorId).toBe(admin.id);
    // Both sides hear of it in the app too, as of every other project event.
    expect((await bellItemsFor(project.id)).map((item) => [item.userId, item.title])).toEqual(
      [client.id, maker.id].sort().map((id) => [id, `Project cancelled: ${project.title}`]),
    );
    expect((await act(project.id, 'cancel')).statusCode).toBe(409);
  });

  it('refuses both actions on a project that is not flagged and in review (409), or does not exist (404)', async () => {
    const unflagged = await addProject(ctx, { clientId: client.id, makerId: maker.id, status: 'in_review' });
    const completedFlagged = await addProject(ctx, { clientId: client.id, makerId: maker.id, status: 'completed', flagged: true });
    for (const id of [unflagged.id, completedFlagged.id]) {
      for (const action of ['clear-flag', 'cancel'] as const) {
        const response = await act(id, action);
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toBe(ADMIN_MESSAGES.projectNotFlagged);
      }
    }
    expect((await projectRow(completedFlagged.id)).status).toBe('completed');
    expect((await act('00000000-0000-4000-8000-000000000000', 'cancel')).statusCode).toBe(404);
  });
});
