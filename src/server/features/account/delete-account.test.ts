import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, makerProfiles, portfolioItems, profiles, projects, session, user, userRoles } from '../../db/schema';
import { expectAccess, type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { renderPortfolioPiece } from '../../../../scripts/seed-demo/artwork';
import { multipartPayload, pngImage } from '../uploads/multipart-payload';
import { parseFileUrl, thumbnailUrlOf } from '../../storage/storage';
import { acceptedProject, approveMaker, onboardedClient, pdfBuffer, pngBuffer, uploadProjectFile } from '../../../../test/support/project-fixtures';

let ctx: TestContext;
withTestContext(async (created) => {
  ctx = created;
});

describe('DELETE /api/account (deleting your own account)', () => {
  it('needs a signed-in user, and refuses admins', async () => {
    const admin = await ctx.createAdmin();
    await expectAccess(ctx, { method: 'DELETE', url: '/api/account' }, [
      ['anonymous', null, 401],
      ['admin', admin, 403],
    ]);
    expect(await ctx.db.select().from(user).where(eq(user.id, admin.id))).toHaveLength(1);
  });

  it("removes a maker's rows and files, cancels their open projects, and ends the session", async () => {
    const maker = await ctx.signUp('maker');
    const client = await ctx.signUp('client');
    const bystander = await ctx.signUp('maker');

    const avatarBody = multipartPayload({}, { name: 'me.png', type: 'image/png', data: await pngImage() });
    const avatar = (await ctx.inject(maker, { method: 'POST', url: '/api/uploads/profile-image', payload: avatarBody.payload, headers: avatarBody.headers })).json().url;
    const itemBody = multipartPayload({ title: 'Poster', category: 'editorial_design' }, { name: 'p.png', type: 'image/png', data: await pngImage() });
    const item = (await ctx.inject(maker, { method: 'POST', url: '/api/portfolio', payload: itemBody.payload, headers: itemBody.headers })).json().item;
    // Work of its own: the same picture as the maker's would be held for review as a near copy, and not public.
    const bystanderBody = multipartPayload({ title: 'Other', category: 'web_design' }, { name: 'o.png', type: 'image/png', data: await renderPortfolioPiece('web_design', 7, 'Other') });
    const bystanderItem = (await ctx.inject(bystander, { method: 'POST', url: '/api/portfolio', payload: bystanderBody.payload, headers: bystanderBody.headers })).json().item;
    const base = { clientId: client.id, makerId: maker.id, description: 'd', deliverableType: 'logo_design' as const, budget: 500 };
    const [open, done] = await ctx.db
      .insert(projects)
      .values([{ ...base, title: 'Open', status: 'active' }, { ...base, title: 'Done', status: 'completed' }])
      .returning({ id: projects.id });

    const response = await ctx.inject(maker, { method: 'DELETE', url: '/api/account' });
    expect(response.statusCode, response.body).toBe(204);
    expect(response.headers['set-cookie']).toBeDefined();

    expect(await ctx.db.select().from(user).where(eq(user.id, maker.id))).toHaveLength(0);
    expect(await ctx.db.select().from(userRoles).where(eq(userRoles.userId, maker.id))).toHaveLength(0);
    expect(await ctx.db.select().from(profiles).where(eq(profiles.id, maker.id))).toHaveLength(0);
    expect(await ctx.db.select().from(makerProfiles).where(eq(makerProfiles.userId, maker.id))).toHaveLength(0);
    expect(await ctx.db.select().from(portfolioItems).where(eq(portfolioItems.makerId, maker.id))).toHaveLength(0);
    expect(await ctx.db.select().from(session).where(eq(session.userId, maker.id))).toHaveLength(0);
    for (const url of [avatar, item.imageUrl, item.thumbnailUrl]) expect((await ctx.inject(null, { method: 'GET', url })).statusCode, url).toBe(404);

    const remaining = await ctx.db.select().from(projects).where(or(eq(projects.id, open.id), eq(projects.id, done.id)));
    expect(remaining.find((project) => project.id === open.id)).toMatchObject({ status: 'cancelled', makerId: null });
    expect(remaining.find((project) => project.id === done.id)).toMatchObject({ status: 'completed', makerId: null });

    // Someone else's work is untouched.
    expect((await ctx.inject(null, { method: 'GET', url: bystanderItem.imageUrl })).statusCode).toBe(200);
    const me = await ctx.inject(maker, { method: 'GET', url: '/api/account/me' });
    expect(me.json().user).toBeNull();
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, maker.id));
    expect(audit.map((entry) => entry.action)).toEqual(['account.self_deleted']);
  });

  it("deleting a client removes the projects they commissioned", async () => {
    const client = await ctx.signUp('client');
    const [project] = await ctx.db
      .insert(projects)
      .values({ clientId: client.id, title: 'Mine', description: 'd', deliverableType: 'web_design', budget: 100 })
      .returning({ id: projects.id });
    expect((await ctx.inject(client, { method: 'DELETE', url: '/api/account' })).statusCode).toBe(204);
    expect(await ctx.db.select().from(projects).where(eq(projects.id, project.id))).toHaveLength(0);
    expect((await ctx.signIn(client.email, client.password)).statusCode).toBe(401);
  });
});

describe('deleting an account removes every project file, each at its own path', () => {
  // From an address of its own: deleting an account is limited per address, and the tests above used some.
  const deleteAccount = (caller: TestUser) => ctx.inject(caller, { method: 'DELETE', url: '/api/account', remoteAddress: '203.0.113.46' });
  /** A project with a process doc, a deliverable, a revision request and a resubmission of the same type, then a PDF one. */
  const projectWithFiles = async () => {
    const [client, maker] = [await onboardedClient(ctx), await approveMaker(ctx)];
    const id = await acceptedProject(ctx, client, maker);
    await uploadProjectFile(ctx, maker, id, 'process-docs', { data: await pngBuffer('#224466'), filename: 'sketch.png', contentType: 'image/png' });
    for (const color of ['#aa3311', '#1133aa']) {
      await uploadProjectFile(ctx, maker, id, 'deliverable', { data: await pngBuffer(color), filename: 'final.png', contentType: 'image/png' });
      expect((await ctx.inject(client, { method: 'POST', url: `/api/projects/${id}/revision`, payload: { note: 'Once more.' } })).statusCode).toBe(200);
    }
    await uploadProjectFile(ctx, maker, id, 'deliverable', { data: pdfBuffer(), filename: 'final.pdf', contentType: 'application/pdf' });
    const entries = (await ctx.inject(client, { method: 'GET', url: `/api/process-records/${id}` })).json().entries as Array<{ fileUrl: string }>;
    // The files on disk: each entry's file and an image's thumbnail.
    const files = entries
      .flatMap((entry) => [entry.fileUrl, thumbnailUrlOf(entry.fileUrl)])
      .filter((url): url is string => url !== null)
      .map((url) => {
        const parsed = parseFileUrl(url)!;
        return path.join(ctx.config.DATA_DIR, 'uploads', parsed.bucket, parsed.key);
      });
    expect(new Set(files).size).toBe(7);
    for (const file of files) expect(existsSync(file), file).toBe(true);
    return { client, maker, files };
  };

  it('the client: every deliverable and process doc of the projects they commissioned, earlier submissions too', async () => {
    const { client, maker, files } = await projectWithFiles();
    expect((await deleteAccount(client)).statusCode).toBe(204);
    for (const file of files) expect(existsSync(file), file).toBe(false);
    expect(await ctx.db.select().from(user).where(eq(user.id, maker.id))).toHaveLength(1);
  });

  it('the creator: every file they uploaded', async () => {
    const { maker, files } = await projectWithFiles();
    expect((await deleteAccount(maker)).statusCode).toBe(204);
    for (const file of files) expect(existsSync(file), file).toBe(false);
  });
});
