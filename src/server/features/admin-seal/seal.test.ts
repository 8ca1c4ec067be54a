import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../domain/admin-schemas';
import { auditLog, emailOutbox, makerProfiles, userRoles } from '../../db/schema';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { addProject, submitMaker } from '../../../../test/support/admin';

let ctx: TestContext;
let admin: TestUser;
let client: TestUser;
withTestContext(async (created) => {
  ctx = created;
  admin = await ctx.createAdmin();
  client = await ctx.signUp('client');
});

/** An approved (or pending) maker with the given projects: each entry is [status, has a process doc]. */
const makerWith = async (projects: Array<['completed' | 'active' | 'in_review', boolean]>, status: 'approved' | 'pending' = 'approved') => {
  const maker = await ctx.signUp('maker');
  await submitMaker(ctx, maker, { status });
  for (const [projectStatus, withDoc] of projects) await addProject(ctx, { clientId: client.id, makerId: maker.id, status: projectStatus, withDoc });
  return maker;
};

const sealList = async () => (await ctx.inject(admin, { method: 'GET', url: '/api/admin/seal' })).json();
const stats = async () => (await ctx.inject(admin, { method: 'GET', url: '/api/admin/overview' })).json().stats;
const assign = (id: string) => ctx.inject(admin, { method: 'POST', url: `/api/admin/seal/${id}/assign` });
const revoke = (id: string, reason?: string) => ctx.inject(admin, { method: 'POST', url: `/api/admin/seal/${id}/revoke`, payload: { reason } });
const sealOf = async (id: string) => (await ctx.db.select().from(makerProfiles).where(eq(makerProfiles.userId, id)))[0].sealStatus;

describe('Seal eligibility', () => {
  it('counts only completed projects that each have a process doc, and needs 3 of them on an approved maker', async () => {
    const qualified = await makerWith([['completed', true], ['completed', true], ['completed', true], ['completed', false], ['active', true]]);
    const missingDoc = await makerWith([['completed', true], ['completed', true], ['completed', false]]);
    const tooFew = await makerWith([['completed', true], ['completed', true], ['in_review', true]]);
    const notApproved = await makerWith([['completed', true], ['completed', true], ['completed', true]], 'pending');
    const before = await stats();

    const { eligible } = await sealList();
    const ids = eligible.map((maker: { userId: string }) => maker.userId);
    expect(ids).toContain(qualified.id);
    expect(ids).not.toContain(missingDoc.id);
    expect(ids).not.toContain(tooFew.id);
    expect(ids).not.toContain(notApproved.id);
    expect(eligible.find((maker: { userId: string }) => maker.userId === qualified.id)).toMatchObject({
      name: qualified.name,
      qualifyingProjects: 3,
      sealStatus: 'none',
    });
    expect(before.sealEligible).toBe(eligible.length);
  });

  it('leaves out an account that is no longer a maker, whose approved maker profile stayed behind', async () => {
    const promoted = await makerWith([['completed', true], ['completed', true], ['completed', true]]);
    expect((await sealList()).eligible.map((maker: { userId: string }) => maker.userId)).toContain(promoted.id);
    const before = (await stats()).sealEligible;
    await ctx.db.update(userRoles).set({ role: 'admin' }).where(eq(userRoles.userId, promoted.id));

    expect((await sealList()).eligible.map((maker: { userId: string }) => maker.userId)).not.toContain(promoted.id);
    expect((await stats()).sealEligible).toBe(before - 1);
    expect((await assign(promoted.id)).statusCode).toBe(409);
    expect(await sealOf(promoted.id)).toBe('none');
  });
});

describe('assign and revoke', () => {
  it('assigns the Seal to an eligible maker, emails them, audits it, and moves them to the verified list', async () => {
    const maker = await makerWith([['completed', true], ['completed', true], ['completed', true]]);
    const eligibleBefore = (await stats()).sealEligible;
    const response = await assign(maker.id);
    expect(response.statusCode).toBe(200);
    expect(await sealOf(maker.id)).toBe('verified');
    expect((await stats()).sealEligible).toBe(eligibleBefore - 1);

    const { eligible, verified } = await sealList();
    expect(eligible.map((m: { userId: string }) => m.userId)).not.toContain(maker.id);
    expect(verified.find((m: { userId: string }) => m.userId === maker.id)).toMatchObject({ sealStatus: 'verified', qualifyingProjects: 3 });
    const emails = await ctx.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, maker.email), eq(emailOutbox.type, 'seal-assigned')));
    expect(emails).toHaveLength(1);
    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, maker.id), eq(auditLog.action, 'seal.assign')));
    expect(entry).toMatchObject({ actorId: admin.id, targetType: 'maker', metadata: { qualifyingProjects: 3 } });

    expect((await assign(maker.id)).statusCode).toBe(409);
  });

  it('re-checks eligibility on the server: an ineligible maker is refused with 409 and stays unverified', async () => {
    const maker = await makerWith([['completed', true], ['completed', true]]);
    const response = await assign(maker.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(ADMIN_MESSAGES.sealNotEligible);
    expect(await sealOf(maker.id)).toBe('none');
    expect((await assign('no-such-maker')).statusCode).toBe(404);
    const mind = await ctx.signUp('mind');
    expect((await assign(mind.id)).statusCode).toBe(404);
  });

  it('revokes a Seal with a reason, audited, and refuses to revoke one that is not held', async () => {
    const maker = await makerWith([['completed', true], ['completed', true], ['completed', true]]);
    expect((await assign(maker.id)).statusCode).toBe(200);
    const response = await revoke(maker.id, 'Process docs were not their own');
    expect(response.statusCode).toBe(200);
    expect(await sealOf(maker.id)).toBe('none');
    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, maker.id), eq(auditLog.action, 'seal.revoke')));
    expect(entry).toMatchObject({ reason: 'Process docs were not their own', actorEmail: admin.email });
    const again = await revoke(maker.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ADMIN_MESSAGES.sealNotVerified);
    // Still qualified, so the maker is back among the eligible.
    expect((await sealList()).eligible.map((m: { userId: string }) => m.userId)).toContain(maker.id);
  });
});
