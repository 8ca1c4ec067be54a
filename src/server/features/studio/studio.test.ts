import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ApplicationStatus } from '../../../domain/constants';
import type { StudioData } from '../../../domain/marketplace';
import { makerProfiles, mindProfiles, profiles } from '../../db/schema';
import { expectAccess, type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { insertCreator } from '../../../../test/support/creators';

let ctx: TestContext;
let admin: TestUser;
let stranger: TestUser;
let client: TestUser;
withTestContext(async (created) => {
  ctx = created;
  admin = await ctx.createAdmin();
  stranger = await ctx.signUp('maker');
  client = await ctx.signUp('client');
});

const studio = (id: string) => ({ method: 'GET' as const, url: `/api/studio/${id}` });

describe('studio visibility', () => {
  it('shows an approved maker to everyone, with the whole profile and portfolio', async () => {
    const id = await insertCreator(ctx.db, {
      role: 'maker',
      name: 'Studio Maker',
      bio: 'I draw letters by hand.',
      avatarUrl: '/files/profile-images/x/avatar.png',
      seal: 'verified',
      categories: ['logo_design', 'branding_packages'],
      websiteLink: 'https://studio.example',
      experienceYears: 9,
      introVideoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      portfolio: 4,
    });
    await expectAccess(ctx, studio(id), [
      ['anonymous', null, 200],
      ['other maker', stranger, 200],
      ['client', client, 200],
      ['admin', admin, 200],
    ]);
    const body = (await ctx.inject(null, studio(id))).json<StudioData>();
    expect(body).toMatchObject({
      id,
      role: 'maker',
      name: 'Studio Maker',
      bio: 'I draw letters by hand.',
      sealStatus: 'verified',
      applicationStatus: 'approved',
      isPreview: false,
      websiteLink: 'https://studio.example',
      experienceYears: 9,
      deliverableCategories: ['logo_design', 'branding_packages'],
      introVideoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      subscriptionPlan: null,
      expertiseAreas: [],
    });
    expect(body.portfolio.map((item) => item.title)).toEqual([4, 3, 2, 1].map((n) => `Studio Maker work ${n}`));
  });

  it('shows an approved mind with plan and expertise', async () => {
    const id = await insertCreator(ctx.db, { role: 'mind', name: 'Studio Mind', plan: 'premium', expertise: ['Creative Direction', 'Brand Strategy'] });
    const body = (await ctx.inject(null, studio(id))).json<StudioData>();
    expect(body).toMatchObject({ role: 'mind', subscriptionPlan: 'premium', expertiseAreas: ['Creative Direction', 'Brand Strategy'], websiteLink: null, sealStatus: 'none' });
  });

  it.each(['draft', 'pending', 'rejected'] as const)('hides a %s creator from strangers but lets the owner and admins preview', async (status: ApplicationStatus) => {
    const owner = await ctx.signUp('maker');
    await ctx.db.update(makerProfiles).set({ applicationStatus: status }).where(eq(makerProfiles.userId, owner.id));
    await ctx.db.update(profiles).set({ bio: 'Secret bio' }).where(eq(profiles.id, owner.id));
    await expectAccess(ctx, studio(owner.id), [
      ['anonymous', null, 404],
      ['other maker', stranger, 404],
      ['client', client, 404],
      ['owner', owner, 200],
      ['admin', admin, 200],
    ]);
    const hidden = await ctx.inject(null, studio(owner.id));
    expect(hidden.json()).toMatchObject({ message: 'Creator Not Found' });
    expect(hidden.body).not.toContain('Secret bio');
    const preview = (await ctx.inject(owner, studio(owner.id))).json<StudioData>();
    expect(preview).toMatchObject({ isPreview: true, applicationStatus: status, bio: 'Secret bio' });
  });

  it('hides a pending mind the same way', async () => {
    const owner = await ctx.signUp('mind');
    await ctx.db.update(mindProfiles).set({ applicationStatus: 'pending' }).where(eq(mindProfiles.userId, owner.id));
    await expectAccess(ctx, studio(owner.id), [
      ['anonymous', null, 404],
      ['client', client, 404],
      ['owner', owner, 200],
      ['admin', admin, 200],
    ]);
  });

  it('has no studio for admins, clients or unknown ids', async () => {
    const promoted = await insertCreator(ctx.db, { role: 'admin', profileKind: 'maker', name: 'Promoted Admin' });
    for (const id of [admin.id, client.id, promoted, 'no-such-user']) {
      await expectAccess(ctx, studio(id), [
        ['anonymous', null, 404],
        ['admin', admin, 404],
      ]);
    }
  });

  it('shows a change at once, though public studios are answered from the listing cache', async () => {
    const owner = await ctx.signUp('maker');
    await ctx.db.update(makerProfiles).set({ applicationStatus: 'approved' }).where(eq(makerProfiles.userId, owner.id));
    expect((await ctx.inject(null, studio(owner.id))).json<StudioData>().name).toBe(owner.name);
    expect((await ctx.inject(client, studio(owner.id))).json<StudioData>().name).toBe(owner.name);

    await ctx.db.update(profiles).set({ name: 'Renamed Maker' }).where(eq(profiles.id, owner.id));
    expect((await ctx.inject(null, studio(owner.id))).json<StudioData>().name).toBe('Renamed Maker');

    await ctx.db.update(makerProfiles).set({ applicationStatus: 'pending' }).where(eq(makerProfiles.userId, owner.id));
    expect((await ctx.inject(null, studio(owner.id))).statusCode).toBe(404);
    expect((await ctx.inject(client, studio(owner.id))).statusCode).toBe(404);
    // The owner's preview never comes from the public answer.
    expect((await ctx.inject(owner, studio(owner.id))).json<StudioData>()).toMatchObject({ name: 'Renamed Maker', isPreview: true });
  });
});

describe('studios read together', () => {
  it('answers many concurrent requests for different studios each with its own creator, and 404 for the hidden and missing', async () => {
    const makers = await Promise.all(
      Array.from({ length: 6 }, (_, index) => insertCreator(ctx.db, { role: 'maker', name: `Batch Maker ${index}`, portfolio: index % 3 })),
    );
    const mind = await insertCreator(ctx.db, { role: 'mind', name: 'Batch Mind' });
    const pending = await insertCreator(ctx.db, { role: 'maker', name: 'Batch Pending', status: 'pending' });
    const asked = [...makers, mind, pending, 'no-such-creator', makers[0]!, mind];
    // Fired at once: the studio statement reads ids asked for in the same turn together (db/batch.ts).
    const responses = await Promise.all(asked.map((id) => ctx.inject(null, studio(id))));
    const names = responses.map((response) => (response.statusCode === 200 ? response.json<StudioData>().name : response.statusCode));
    expect(names).toEqual([...makers.map((_, index) => `Batch Maker ${index}`), 'Batch Mind', 404, 404, 'Batch Maker 0', 'Batch Mind']);
    const portfolios = responses.slice(0, 6).map((response) => response.json<StudioData>().portfolio.length);
    expect(portfolios).toEqual([0, 1, 2, 0, 1, 2]);
    expect(responses[6]!.json<StudioData>().role).toBe('mind');
  });
});
