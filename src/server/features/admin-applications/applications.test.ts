import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../domain/admin-schemas';
import { auditLog, emailOutbox, makerProfiles, mindProfiles } from '../../db/schema';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { submitMaker, submitMind } from '../../../../test/support/admin';

let ctx: TestContext;
let admin: TestUser;
withTestContext(async (created) => {
  ctx = created;
  admin = await ctx.createAdmin();
});

const approve = (role: 'maker' | 'mind', id: string) => ctx.inject(admin, { method: 'POST', url: `/api/admin/applications/${role}/${id}/approve` });
const reject = (role: 'maker' | 'mind', id: string, reason?: string) =>
  ctx.inject(admin, { method: 'POST', url: `/api/admin/applications/${role}/${id}/reject`, payload: reason === undefined ? {} : { reason } });
const emailsTo = (address: string, type: string) =>
  ctx.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.type, type)));
const auditFor = (targetId: string) => ctx.db.select().from(auditLog).where(eq(auditLog.targetId, targetId));

describe('pending applications', () => {
  it('lists pending makers and minds with their submitted details, newest first, and leaves drafts out', async () => {
    const older = await ctx.signUp('maker', { name: 'Older Maker' });
    await submitMaker(ctx, older);
    const newer = await ctx.signUp('maker', { name: 'Newer Maker' });
    await submitMaker(ctx, newer, { categories: ['social_media_assets'], experienceYears: 3 });
    await ctx.signUp('maker', { name: 'Draft Maker' });
    const mind = await ctx.signUp('mind', { name: 'Pending Mind' });
    await submitMind(ctx, mind, { areas: ['Creative Direction', 'Design Thinking'] });

    const response = await ctx.inject(admin, { method: 'GET', url: '/api/admin/applications' });
    expect(response.statusCode).toBe(200);
    const { makers, minds } = response.json();
    const names = makers.map((maker: { name: string }) => maker.name);
    expect(names).not.toContain('Draft Maker');
    expect(names.indexOf('Newer Maker')).toBeLessThan(names.indexOf('Older Maker'));
    expect(makers.find((maker: { userId: string }) => maker.userId === newer.id)).toMatchObject({
      email: newer.email,
      experienceYears: 3,
      deliverableCategories: ['social_media_assets'],
      introVideoUrl: 'https://video.example.com/intro',
      portfolioCount: 0,
    });
    expect(minds.find((row: { userId: string }) => row.userId === mind.id)).toMatchObject({
      name: 'Pending Mind',
      subscriptionPlan: 'pro',
      expertiseAreas: ['Creative Direction', 'Design Thinking'],
    });
  });
});

describe('approve', () => {
  it('approves a pending maker, clears an earlier rejection reason, emails them and audits the decision', async () => {
    const maker = await ctx.signUp('maker');
    await submitMaker(ctx, maker);
    await ctx.db.update(makerProfiles).set({ rejectionReason: 'Old reason' }).where(eq(makerProfiles.userId, maker.id));

    const response = await approve('maker', maker.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: maker.id, role: 'maker', status: 'approved' });
    const [profile] = await ctx.db.select().from(makerProfiles).where(eq(makerProfiles.userId, maker.id));
    expect(profile).toMatchObject({ applicationStatus: 'approved', rejectionReason: null });
    expect(await emailsTo(maker.email, 'application-approved')).toHaveLength(1);
    const [entry] = await auditFor(maker.id);
    expect(entry).toMatchObject({ action: 'application.approve', targetType: 'maker', actorId: admin.id, actorEmail: admin.email, reason: null });
  });

  it('approves a pending mind', async () => {
    const mind = await ctx.signUp('mind');
    await submitMind(ctx, mind);
    expect((await approve('mind', mind.id)).statusCode).toBe(200);
    const [profile] = await ctx.db.select().from(mindProfiles).where(eq(mindProfiles.userId, mind.id));
    expect(profile.applicationStatus).toBe('approved');
  });

  it('moves only pending applications: a draft, an already decided one, or a second decision answer 409', async () => {
    const draft = await ctx.signUp('maker');
    const draftResponse = await approve('maker', draft.id);
    expect(draftResponse.statusCode).toBe(409);
    expect(draftResponse.json().message).toBe(ADMIN_MESSAGES.notPending);

    const maker = await ctx.signUp('maker');
    await submitMaker(ctx, maker);
    const [first, second] = await Promise.all([approve('maker', maker.id), reject('maker', maker.id, 'Too late')]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
    expect(await auditFor(maker.id)).toHaveLength(1);
    expect((await approve('maker', maker.id)).statusCode).toBe(409);
  });

  it('answers 404 for an unknown user or the wrong kind of applicant', async () => {
    expect((await approve('maker', 'no-such-user')).statusCode).toBe(404);
    const mind = await ctx.signUp('mind');
    await submitMind(ctx, mind);
    expect((await approve('maker', mind.id)).statusCode).toBe(404);
    const [profile] = await ctx.db.select().from(mindProfiles).where(eq(mindProfiles.userId, mind.id));
    expect(profile.applicationStatus).toBe('pending');
  });
});

describe('reject', () => {
  it('stores the reason, emails it to the applicant and audits it', async () => {
    const maker = await ctx.signUp('maker');
    await submitMaker(ctx, maker);
    const response = await reject('maker', maker.id, '  Please add process documentation to your portfolio.  ');
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('rejected');
    const [profile] = await ctx.db.select().from(makerProfiles).where(eq(makerProfiles.userId, maker.id));
    expect(profile).toMatchObject({ applicationStatus: 'rejected', rejectionReason: 'Please add process documentation to your portfolio.' });
    const [email] = await emailsTo(maker.email, 'application-rejected');
    expect(email.textBody).toContain('Please add process documentation to your portfolio.');
    const [entry] = await auditFor(maker.id);
    expect(entry).toMatchObject({ action: 'application.reject', reason: 'Please add process documentation to your portfolio.' });
  });

  it('accepts no reason at all', async () => {
    const mind = await ctx.signUp('mind');
    await submitMind(ctx, mind);
    expect((await reject('mind', mind.id)).statusCode).toBe(200);
    const [profile] = await ctx.db.select().from(mindProfiles).where(eq(mindProfiles.userId, mind.id));
    expect(profile).toMatchObject({ applicationStatus: 'rejected', rejectionReason: null });
    const [email] = await emailsTo(mind.email, 'application-rejected');
    expect(email.textBody).toContain('did not leave a specific note');
  });

  it('refuses a reason over 1000 characters, per field, and changes nothing', async () => {
    const maker = await ctx.signUp('maker');
    await submitMaker(ctx, maker);
    const response = await reject('maker', maker.id, 'x'.repeat(1001));
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.reason).toBe(ADMIN_MESSAGES.reasonTooLong);
    const [profile] = await ctx.db.select().from(makerProfiles).where(eq(makerProfiles.userId, maker.id));
    expect(profile.applicationStatus).toBe('pending');
  });
});
