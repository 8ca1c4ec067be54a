import { eq, or, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../domain/admin-schemas';
import {
  account,
  auditLog,
  emailOutbox,
  clientProfiles,
  contactSubmissions,
  makerProfiles,
  mindProfiles,
  portfolioItems,
  processDocs,
  profiles,
  projects,
  session,
  user,
  userRoles,
  verification,
  whiteGloveRequests,
} from '../../db/schema';
import { parseFileUrl } from '../../storage/storage';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { addProject, addWhiteGloveRequest, onboardClient, submitMaker } from '../../../../test/support/admin';

let ctx: TestContext;
let admin: TestUser;
let png: Buffer;
withTestContext(async (created) => {
  ctx = created;
  admin = await ctx.createAdmin();
  png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#a5472a' } }).png().toBuffer();
});

const deleteUser = (id: string, caller: TestUser = admin) => ctx.inject(caller, { method: 'DELETE', url: `/api/admin/users/${id}` });

const fileExists = async (url: string) => {
  const parsed = parseFileUrl(url)!;
  const opened = await ctx.app.storage.open(parsed.bucket, parsed.key);
  opened?.body.destroy();
  return opened !== null;
};

/** Every row anywhere that still points at the user (audit_log.target_id is the record of the deletion itself). */
const remainingRows = async (userId: string, email: string) => ({
  verification: (await ctx.db.select().from(verification).where(eq(verification.value, userId))).length,
  emails: (await ctx.db.select().from(emailOutbox).where(sql`lower(${emailOutbox.toAddress}) = lower(${email})`)).length,
  deliverables: (await ctx.db.select().from(projects).where(sql`${projects.deliverableUrl} like ${`%/${userId}/%`}`)).length,
  user: (await ctx.db.select().from(user).where(eq(user.id, userId))).length,
  account: (await ctx.db.select().from(account).where(eq(account.userId, userId))).length,
  session: (await ctx.db.select().from(session).where(eq(session.userId, userId))).length,
  userRoles: (await ctx.db.select().from(userRoles).where(eq(userRoles.userId, userId))).length,
  profiles: (await ctx.db.select().from(profiles).where(eq(profiles.id, userId))).length,
  makerProfiles: (await ctx.db.select().from(makerProfiles).where(eq(makerProfiles.userId, userId))).length,
  mindProfiles: (await ctx.db.select().from(mindProfiles).where(eq(mindProfiles.userId, userId))).length,
  clientProfiles: (await ctx.db.select().from(clientProfiles).where(eq(clientProfiles.userId, userId))).length,
  portfolioItems: (await ctx.db.select().from(portfolioItems).where(eq(portfolioItems.makerId, userId))).length,
  processDocs: (await ctx.db.select().from(processDocs).where(eq(processDocs.makerId, userId))).length,
  projects: (await ctx.db.select().from(projects).where(or(eq(projects.clientId, userId), eq(projects.makerId, userId), eq(projects.mindId, userId)))).length,
  whiteGlove: (await ctx.db.select().from(whiteGloveRequests).where(sql`${whiteGloveRequests.clientId} = ${userId} or ${userId} = any(${whiteGloveRequests.curatedCreatorIds})`)).length,
  contact: (await ctx.db.select().from(contactSubmissions).where(eq(contactSubmissions.creatorId, userId))).length,
  auditAsActor: (await ctx.db.select().from(auditLog).where(eq(auditLog.actorId, userId))).length,
});

describe('GET /api/admin/users', () => {
  it('lists non-admin users newest first with email, role and created date, hides admins, and searches', async () => {
    const maker = await ctx.signUp('maker', { name: 'Searchable Sasha' });
    const client = await ctx.signUp('client');
    await ctx.createAdmin();
    const response = await ctx.inject(admin, { method: 'GET', url: '/api/admin/users' });
    expect(response.statusCode).toBe(200);
    const { users, total } = response.json();
    expect(users.every((row: { role: string }) => row.role !== 'admin')).toBe(true);
    expect(users.map((row: { id: string }) => row.id).slice(0, 2)).toEqual([client.id, maker.id]);
    expect(users[1]).toMatchObject({ name: 'Searchable Sasha', email: maker.email, role: 'maker' });
    expect(Number.isNaN(Date.parse(users[1].createdAt))).toBe(false);
    expect(total).toBe(users.length);

    const search = await ctx.inject(admin, { method: 'GET', url: '/api/admin/users?q=sasha' });
    expect(search.json().users.map((row: { id: string }) => row.id)).toEqual([maker.id]);
    const overview = await ctx.inject(admin, { method: 'GET', url: '/api/admin/overview' });
    expect(overview.json().stats.totalUsers).toBe(total);
  });
});

describe('DELETE /api/admin/users/:id', () => {
  it('refuses to delete the admin themselves (403), another admin or an unknown user (404)', async () => {
    const self = await deleteUser(admin.id);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(ADMIN_MESSAGES.cannotDeleteSelf);
    const other = await ctx.createAdmin();
    expect((await deleteUser(other.id)).statusCode).toBe(404);
    expect((await deleteUser('no-such-user')).statusCode).toBe(404);
    expect(await ctx.db.select().from(user).where(or(eq(user.id, admin.id), eq(user.id, other.id)))).toHaveLength(2);
  });

  it('removes a maker’s rows and files, kills their session and records who did it', async () => {
    const maker = await ctx.signUp('maker');
    await submitMaker(ctx, maker, { status: 'approved' });
    const client = await ctx.signUp('client');
    await onboardClient(ctx, client);
    const avatar = await ctx.app.storage.saveUpload('profileImage', `${maker.id}/avatar`, png);
    await ctx.db.update(profiles).set({ avatarUrl: avatar.url }).where(eq(profiles.id, maker.id));
    const [item] = await ctx.db.insert(portfolioItems).values({ makerId: maker.id, title: 'Poster', category: 'logo_design', imageUrl: 'pending' }).returning();
    const image = await ctx.app.storage.saveUpload('portfolioImage', `${maker.id}/portfolio/${item.id}`, png);
    await ctx.db.update(portfolioItems).set({ imageUrl: image.url, thumbnailUrl: image.thumbnailUrl }).where(eq(portfolioItems.id, item.id));
    const done = await addProject(ctx, { clientId: client.id, makerId: maker.id, status: 'completed' });
    const active = await addProject(ctx, { clientId: client.id, makerId: maker.id, status: 'active' });
    const doc = await ctx.app.storage.saveUpload('processScreenshot', `${maker.id}/${done.id}/process-1`, png);
    await ctx.db.insert(processDocs).values({ makerId: maker.id, projectId: done.id, fileUrl: doc.url });
    const deliverable = await ctx.app.storage.saveUpload('deliverable', `${maker.id}/${done.id}/deliverable`, png);
    await ctx.db.update(projects).set({ deliverableUrl: deliverable.url }).where(eq(projects.id, done.id));
    const reset = await ctx.inject(null, { method: 'POST', url: '/api/auth/request-password-reset', payload: { email: maker.email, redirectTo: '/reset-password' } });
    expect(reset.statusCode).toBe(200);
    const request = await addWhiteGloveRequest(ctx, client.id);
    await ctx.db.update(whiteGloveRequests).set({ status: 'completed', curatedCreatorIds: [maker.id, 'other-1', 'other-2'] }).where(eq(whiteGloveRequests.id, request.id));
    const second = await ctx.signIn(maker.email, maker.password);
    const secondCookie = ctx.cookieFrom(second);
    for (const url of [avatar.url, image.url, image.thumbnailUrl!, doc.url, deliverable.url]) expect(await fileExists(url)).toBe(true);
    // What the deletion must remove is really there first: the reset token, the welcome and reset emails, the deliverable.
    expect(await remainingRows(maker.id, maker.email)).toMatchObject({ verification: 1, emails: 2, deliverables: 1, user: 1 });

    const response = await deleteUser(maker.id);
    expect(response.statusCode).toBe(204);

    expect(await remainingRows(maker.id, maker.email)).toEqual({
      verification: 0, emails: 0, deliverables: 0,
      user: 0, account: 0, session: 0, userRoles: 0, profiles: 0, makerProfiles: 0, mindProfiles: 0, clientProfiles: 0,
      portfolioItems: 0, processDocs: 0, projects: 0, whiteGlove: 0, contact: 0, auditAsActor: 0,
    });
    for (const url of [avatar.url, image.url, image.thumbnailUrl!, doc.url, deliverable.url]) expect(await fileExists(url)).toBe(false);
    // The client's projects stay: the completed one keeps its status, the active one is cancelled.
    const left = await ctx.db.select().from(projects).where(eq(projects.clientId, client.id));
    expect(Object.fromEntries(left.map((p) => [p.id, [p.status, p.makerId]]))).toEqual({ [done.id]: ['completed', null], [active.id]: ['cancelled', null] });

    const [curated] = await ctx.db.select().from(whiteGloveRequests).where(eq(whiteGloveRequests.id, request.id));
    expect(curated.curatedCreatorIds).toEqual(['other-1', 'other-2']);

    for (const cookie of [maker.cookie, secondCookie]) {
      const me = await ctx.inject(null, { method: 'GET', url: '/api/account/me', headers: { cookie } });
      expect(me.json()).toEqual({ user: null });
    }
    expect((await ctx.signIn(maker.email, maker.password)).statusCode).toBe(401);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, maker.id));
    expect(entry).toMatchObject({ action: 'user.delete', actorId: admin.id, actorEmail: admin.email, targetType: 'user', metadata: { name: maker.name, role: 'maker' } });
  });

  it('removes a client with their projects, requests and logo, and the files in their creators’ project folders', async () => {
    const client = await ctx.signUp('client');
    await onboardClient(ctx, client);
    const maker = await ctx.signUp('maker');
    const logo = await ctx.app.storage.saveUpload('clientLogo', `${client.id}/logo`, png);
    await ctx.db.update(clientProfiles).set({ logoUrl: logo.url }).where(eq(clientProfiles.userId, client.id));
    const project = await addProject(ctx, { clientId: client.id, makerId: maker.id, status: 'completed' });
    const deliverable = await ctx.app.storage.saveUpload('deliverable', `${maker.id}/${project.id}/deliverable`, png);
    await ctx.db.update(projects).set({ deliverableUrl: deliverable.url }).where(eq(projects.id, project.id));
    const doc = await ctx.app.storage.saveUpload('processScreenshot', `${maker.id}/${project.id}/process-1`, png);
    await ctx.db.insert(processDocs).values({ makerId: maker.id, projectId: project.id, fileUrl: doc.url });
    await addWhiteGloveRequest(ctx, client.id);

    expect((await deleteUser(client.id)).statusCode).toBe(204);
    const rows = await remainingRows(client.id, client.email);
    expect(Object.values(rows).every((count) => count === 0)).toBe(true);
    expect(await ctx.db.select().from(processDocs).where(eq(processDocs.projectId, project.id))).toHaveLength(0);
    for (const url of [logo.url, deliverable.url, doc.url]) expect(await fileExists(url)).toBe(false);
    // The maker keeps their account.
    expect(await ctx.db.select().from(user).where(eq(user.id, maker.id))).toHaveLength(1);
  });
});
