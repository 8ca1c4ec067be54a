import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clientProfiles, makerProfiles, mindProfiles, notifications, profiles, user } from '../../db/schema';
import { expectAccess, ok, type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { multipartPayload, pngImage } from '../uploads/multipart-payload';

let ctx: TestContext;
withTestContext(async (created) => {
  ctx = created;
});

const makerBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ada Maker',
  bio: 'I letter by hand and cut wood type.',
  experienceYears: 7,
  avatarUrl: null,
  websiteLink: 'https://ada.example.com',
  introVideoUrl: '',
  deliverableCategories: ['logo_design', 'branding_packages'],
  ...overrides,
});
const mindBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Mo Mind',
  bio: 'Brand strategist for independent publishers.',
  avatarUrl: null,
  expertiseAreas: ['Brand Strategy', 'Creative Direction'],
  subscriptionPlan: 'pro',
  introVideoUrl: 'https://video.example.com/mo',
  termsAccepted: true,
  ...overrides,
});
const clientBody = (overrides: Record<string, unknown> = {}) => ({
  companyName: 'Paper & Co',
  industry: 'Publishing',
  budgetRange: '$5,000 – $10,000',
  logoUrl: null,
  desiredCategories: ['editorial_design'],
  termsAccepted: true,
  ...overrides,
});

const uploadAvatar = async (owner: TestUser, url = '/api/uploads/profile-image') => {
  const body = multipartPayload({}, { name: 'me.png', type: 'image/png', data: await pngImage() });
  const response = await ctx.inject(owner, { method: 'POST', url, payload: body.payload, headers: body.headers });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().url as string;
};

const makerRow = async (id: string) => (await ctx.db.select().from(makerProfiles).where(eq(makerProfiles.userId, id)))[0];

describe('maker onboarding and profile', () => {
  it('allows only makers, each on their own profile', async () => {
    const [maker, mind, client] = [await ctx.signUp('maker'), await ctx.signUp('mind'), await ctx.signUp('client')];
    for (const [method, url] of [['GET', '/api/profiles/maker'], ['PUT', '/api/profiles/maker'], ['POST', '/api/profiles/maker/application']] as const) {
      await expectAccess(ctx, { method, url, payload: method === 'GET' ? undefined : makerBody() }, [
        ['anonymous', null, 401],
        ['mind', mind, 403],
        ['client', client, 403],
        ['maker', maker, 200],
      ]);
    }
  });

  it('submitting onboarding saves the profile, syncs the name and sets pending', async () => {
    const maker = await ctx.signUp('maker');
    const response = await ctx.inject(maker, { method: 'POST', url: '/api/profiles/maker/application', payload: makerBody() });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().profile).toMatchObject({
      name: 'Ada Maker',
      experienceYears: 7,
      websiteLink: 'https://ada.example.com',
      introVideoUrl: null,
      deliverableCategories: ['logo_design', 'branding_packages'],
      applicationStatus: 'pending',
    });
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, maker.id));
    expect(profile.bio).toBe('I letter by hand and cut wood type.');
    const [account] = await ctx.db.select().from(user).where(eq(user.id, maker.id));
    expect(account.name).toBe('Ada Maker');
    expect((await makerRow(maker.id)).submittedAt).not.toBeNull();
  });

  it('answers the validation messages per field', async () => {
    const maker = await ctx.signUp('maker');
    const response = await ctx.inject(maker, {
      method: 'POST',
      url: '/api/profiles/maker/application',
      payload: makerBody({ bio: '  ', experienceYears: 2.5, websiteLink: 'not a link', deliverableCategories: ['pottery'] }),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      bio: 'Please tell us a little about yourself',
      experienceYears: 'Please enter a whole number of years',
      websiteLink: 'Please enter a full link starting with https://',
    });
    expect(response.json().fields['deliverableCategories.0']).toBeDefined();
    const negative = await ctx.inject(maker, { method: 'PUT', url: '/api/profiles/maker', payload: makerBody({ experienceYears: -1 }) });
    expect(negative.json().fields.experienceYears).toBe('Years of experience cannot be negative');
    // A maker names at least one thing they make, as a mind names an expertise area (decision 188).
    const none = await ctx.inject(maker, { method: 'POST', url: '/api/profiles/maker/application', payload: makerBody({ deliverableCategories: [] }) });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.deliverableCategories).toBe('Please select at least one deliverable category');
    expect((await makerRow(maker.id)).applicationStatus).toBe('draft');
  });

  it('a rejected maker sees the reason, edits and resubmits: pending again, reason cleared', async () => {
    const maker = await ctx.signUp('maker');
    await ctx.db.update(makerProfiles).set({ applicationStatus: 'rejected', rejectionReason: 'Please show more process work' }).where(eq(makerProfiles.userId, maker.id));
    const seen = await ctx.inject(maker, { method: 'GET', url: '/api/profiles/maker' });
    expect(seen.json().profile).toMatchObject({ applicationStatus: 'rejected', rejectionReason: 'Please show more process work' });

    const edited = await ctx.inject(maker, { method: 'PUT', url: '/api/profiles/maker', payload: makerBody({ bio: 'Now with sketches.' }) });
    expect(edited.json().profile.applicationStatus).toBe('rejected');
    const resubmitted = await ctx.inject(maker, { method: 'POST', url: '/api/profiles/maker/application', payload: makerBody({ bio: 'Now with sketches.' }) });
    expect(resubmitted.json().profile).toMatchObject({ applicationStatus: 'pending', rejectionReason: null, bio: 'Now with sketches.' });
  });

  it('tells every admin in the notification centre when an application goes to review, once per submission', async () => {
    const admin = await ctx.createAdmin();
    const adminItems = async () => ctx.db.select().from(notifications).where(eq(notifications.userId, admin.id));
    const maker = await ctx.signUp('maker');
    const ours = async () => (await adminItems()).filter((item) => item.subjectKey === `application:${maker.id}`);
    // Saving a draft is not a submission.
    ok(await ctx.inject(maker, { method: 'PUT', url: '/api/profiles/maker', payload: makerBody() }));
    expect(await ours()).toHaveLength(0);
    ok(await ctx.inject(maker, { method: 'POST', url: '/api/profiles/maker/application', payload: makerBody() }));
    const [item] = await ours();
    expect(item).toMatchObject({ kind: 'account', title: 'New maker application: Ada Maker', link: '/dashboard-admin?tab=applications', readAt: null });
    // Submitting again while pending does not raise it again.
    await ctx.db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, item.id));
    ok(await ctx.inject(maker, { method: 'POST', url: '/api/profiles/maker/application', payload: makerBody() }));
    expect((await ours())[0].readAt).not.toBeNull();
    // A rejected applicant who resubmits is news again.
    await ctx.db.update(makerProfiles).set({ applicationStatus: 'rejected' }).where(eq(makerProfiles.userId, maker.id));
    ok(await ctx.inject(maker, { method: 'POST', url: '/api/profiles/maker/application', payload: makerBody() }));
    expect(await ours()).toMatchObject([{ title: 'Resubmitted maker application: Ada Maker', readAt: null }]);

    const mind = await ctx.signUp('mind');
    ok(await ctx.inject(mind, { method: 'POST', url: '/api/profiles/mind/application', payload: mindBody() }));
    expect((await adminItems()).find((entry) => entry.subjectKey === `application:${mind.id}`)?.title).toBe('New mind application: Mo Mind');
  });

  it('an approved maker can edit but not re-apply; editing keeps them approved', async () => {
    const maker = await ctx.signUp('maker');
    await ctx.db.update(makerProfiles).set({ applicationStatus: 'approved' }).where(eq(makerProfiles.userId, maker.id));
    const reapply = await ctx.inject(maker, { method: 'POST', url: '/api/profiles/maker/application', payload: makerBody() });
    expect(reapply.statusCode).toBe(409);
    const edit = await ctx.inject(maker, { method: 'PUT', url: '/api/profiles/maker', payload: makerBody({ experienceYears: 8 }) });
    expect(edit.json().profile).toMatchObject({ applicationStatus: 'approved', experienceYears: 8 });
  });

  it("accepts only the caller's own uploaded avatar, and removes a replaced one", async () => {
    const [owner, other] = [await ctx.signUp('maker'), await ctx.signUp('maker')];
    const othersAvatar = await uploadAvatar(other);
    for (const avatarUrl of [othersAvatar, 'https://evil.example.com/a.png', `/files/profile-images/${owner.id}/../${other.id}/avatar.png`, `/files/client-logos/${owner.id}/logo.png`]) {
      const response = await ctx.inject(owner, { method: 'PUT', url: '/api/profiles/maker', payload: makerBody({ avatarUrl }) });
      expect(response.statusCode, avatarUrl).toBe(400);
      expect(response.json().fields.avatarUrl).toBe('Please upload this image again from your own account.');
    }
    const [otherProfile] = await ctx.db.select().from(profiles).where(eq(profiles.id, other.id));
    expect(otherProfile.avatarUrl).toBeNull();

    const own = await uploadAvatar(owner);
    const saved = await ctx.inject(owner, { method: 'PUT', url: '/api/profiles/maker', payload: makerBody({ avatarUrl: own }) });
    expect(saved.json().profile.avatarUrl).toBe(own);

    const removed = await ctx.inject(owner, { method: 'PUT', url: '/api/profiles/maker', payload: makerBody({ avatarUrl: null }) });
    expect(removed.json().profile.avatarUrl).toBeNull();
    expect((await ctx.inject(null, { method: 'GET', url: own })).statusCode).toBe(404);
  });
});

describe('mind onboarding and profile', () => {
  it('allows only minds', async () => {
    const [maker, mind, client] = [await ctx.signUp('maker'), await ctx.signUp('mind'), await ctx.signUp('client')];
    await expectAccess(ctx, { method: 'POST', url: '/api/profiles/mind/application', payload: mindBody() }, [
      ['anonymous', null, 401],
      ['maker', maker, 403],
      ['client', client, 403],
      ['mind', mind, 200],
    ]);
    await expectAccess(ctx, { method: 'GET', url: '/api/profiles/mind' }, [['maker', maker, 403], ['mind', mind, 200]]);
  });

  it('requires terms, one expertise area and a bio, then sets pending with the plan', async () => {
    const mind = await ctx.signUp('mind');
    const refused = await ctx.inject(mind, {
      method: 'POST',
      url: '/api/profiles/mind/application',
      payload: mindBody({ termsAccepted: false, expertiseAreas: [], bio: '' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toMatchObject({
      termsAccepted: 'Please accept the terms and conditions',
      expertiseAreas: 'Please select at least one expertise area',
      bio: 'Please tell us a little about yourself',
    });
    const accepted = await ctx.inject(mind, { method: 'POST', url: '/api/profiles/mind/application', payload: mindBody() });
    expect(accepted.json().profile).toMatchObject({ applicationStatus: 'pending', subscriptionPlan: 'pro', termsAccepted: true });
    const [row] = await ctx.db.select().from(mindProfiles).where(eq(mindProfiles.userId, mind.id));
    expect(row.termsAcceptedAt).not.toBeNull();
  });

  it('a rejected mind resubmits to pending', async () => {
    const mind = await ctx.signUp('mind');
    await ctx.db.update(mindProfiles).set({ applicationStatus: 'rejected', rejectionReason: 'Add a video' }).where(eq(mindProfiles.userId, mind.id));
    const response = await ctx.inject(mind, { method: 'POST', url: '/api/profiles/mind/application', payload: mindBody() });
    expect(response.json().profile).toMatchObject({ applicationStatus: 'pending', rejectionReason: null });
  });
});

describe('client onboarding and profile', () => {
  it('allows only clients', async () => {
    const [maker, mind, client] = [await ctx.signUp('maker'), await ctx.signUp('mind'), await ctx.signUp('client')];
    await expectAccess(ctx, { method: 'POST', url: '/api/profiles/client/onboarding', payload: clientBody() }, [
      ['anonymous', null, 401],
      ['maker', maker, 403],
      ['mind', mind, 403],
      ['client', client, 200],
    ]);
  });

  it('requires the company fields, one category and the terms, then approves the client', async () => {
    const client = await ctx.signUp('client');
    const refused = await ctx.inject(client, {
      method: 'POST',
      url: '/api/profiles/client/onboarding',
      payload: clientBody({ companyName: '', industry: ' ', budgetRange: '', desiredCategories: [], termsAccepted: false }),
    });
    expect(refused.json().fields).toMatchObject({
      companyName: 'Company name is required',
      industry: 'Industry is required',
      budgetRange: 'Budget range is required',
      desiredCategories: 'Please select at least one deliverable category',
      termsAccepted: 'Please accept the terms and conditions',
    });
    const logoUrl = await uploadAvatar(client, '/api/uploads/client-logo');
    const accepted = await ctx.inject(client, { method: 'POST', url: '/api/profiles/client/onboarding', payload: clientBody({ logoUrl }) });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().profile).toMatchObject({ applicationStatus: 'approved', companyName: 'Paper & Co', logoUrl, termsAccepted: true });
    const [row] = await ctx.db.select().from(clientProfiles).where(eq(clientProfiles.userId, client.id));
    expect(row.applicationStatus).toBe('approved');
  });

  it("refuses another client's logo", async () => {
    const [owner, other] = [await ctx.signUp('client'), await ctx.signUp('client')];
    const othersLogo = await uploadAvatar(other, '/api/uploads/client-logo');
    const response = await ctx.inject(owner, { method: 'PUT', url: '/api/profiles/client', payload: clientBody({ logoUrl: othersLogo }) });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.logoUrl).toBeDefined();
  });
});
