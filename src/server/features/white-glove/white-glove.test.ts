import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, makerProfiles, whiteGloveRequests } from '../../db/schema';
import { expectAccess, type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { approveMaker, approveMind, onboardedClient } from '../../../../test/support/project-fixtures';

let ctx: TestContext;
let client: TestUser;
let otherClient: TestUser;

withTestContext(async (created) => {
  ctx = created;
  [client, otherClient] = [await onboardedClient(ctx, 'Acme Studio'), await onboardedClient(ctx, 'Other Co')];
});

const request = (user: TestUser | null, payload: Record<string, unknown>) => ctx.inject(user, { method: 'POST', url: '/api/white-glove/requests', payload });
const valid = { description: 'A brand identity for our new bakery.', deliverableType: 'branding_packages', budget: 5000 };

describe('White Glove requests', () => {
  it('validates description, deliverable type and a numeric budget', async () => {
    const response = await request(client, { description: '  ', deliverableType: 'pottery', budget: 'lots' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      description: 'Please describe what you need',
      deliverableType: 'Please select a deliverable type',
      budget: 'Please enter a budget',
    });
    expect((await request(client, { ...valid, budget: -1 })).json().fields).toEqual({ budget: 'Budget must be at least $1' });
    expect((await request(client, { ...valid, budget: 0 })).json().fields).toEqual({ budget: 'Budget must be at least $1' });
    expect(await ctx.db.select().from(whiteGloveRequests).where(eq(whiteGloveRequests.clientId, client.id))).toHaveLength(0);
  });

  it('creates a pending request due 48 hours later, and tells the team inbox', async () => {
    const response = await request(client, valid);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({ status: 'pending', budget: 5000, deliverableType: 'branding_packages', curatedCreatorIds: [] });
    expect(new Date(body.dueAt).getTime() - new Date(body.createdAt).getTime()).toBe(48 * 60 * 60 * 1000);
    const mail = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.type, 'white-glove-request'));
    expect(mail.some((email) => email.toAddress === ctx.config.CONTACT_INBOX && email.subject.includes('Acme Studio'))).toBe(true);
  });

  it("lists only the client's own requests, newest first", async () => {
    await request(client, { ...valid, description: 'Second request' });
    await request(otherClient, { ...valid, description: 'Not yours' });
    const response = await ctx.inject(client, { method: 'GET', url: '/api/white-glove/requests' });
    const descriptions = (response.json().requests as Array<{ description: string }>).map((r) => r.description);
    expect(descriptions[0]).toBe('Second request');
    expect(descriptions).not.toContain('Not yours');
  });

  it('is for clients only', async () => {
    const maker = await approveMaker(ctx);
    await expectAccess(ctx, { method: 'POST', url: '/api/white-glove/requests', payload: valid }, [
      ['anonymous', null, 401],
      ['maker', maker, 403],
      ['client', client, 201],
    ]);
    await expectAccess(ctx, { method: 'GET', url: '/api/white-glove/requests' }, [
      ['anonymous', null, 401],
      ['maker', maker, 403],
      ['client', client, 200],
    ]);
  });

  it('shows the curated matches of a completed request to its client only; unapproved creators drop out', async () => {
    const [a, b, c] = [await approveMaker(ctx, { name: 'First Pick' }), await approveMind(ctx, { name: 'Second Pick' }), await approveMaker(ctx, { name: 'Third Pick' })];
    const created = (await request(client, valid)).json();
    await ctx.db
      .update(whiteGloveRequests)
      .set({ status: 'completed', curatedCreatorIds: [a.id, b.id, c.id], completedAt: new Date() })
      .where(eq(whiteGloveRequests.id, created.id));
    const url = `/api/white-glove/requests/${created.id}/matches`;
    const response = await ctx.inject(client, { method: 'GET', url });
    expect((response.json().creators as Array<{ name: string; role: string }>).map((m) => [m.name, m.role])).toEqual([
      ['First Pick', 'maker'],
      ['Second Pick', 'mind'],
      ['Third Pick', 'maker'],
    ]);
    await expectAccess(ctx, { method: 'GET', url }, [
      ['anonymous', null, 401],
      ['other client', otherClient, 404],
      ['owner', client, 200],
    ]);
    await ctx.db.update(makerProfiles).set({ applicationStatus: 'rejected' }).where(eq(makerProfiles.userId, c.id));
    const after = await ctx.inject(client, { method: 'GET', url });
    expect(after.json().creators).toHaveLength(2);
  });
});
