import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AI_TRAINING_CRAWLERS } from '../../../domain/settings-schemas';
import { auditLog } from '../../db/schema';
import { expectAccess, TEST_ORIGIN, type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { insertCreator } from '../../../../test/support/creators';
import { acceptedProject, approveMaker, onboardedClient, uploadProjectFile } from '../../../../test/support/project-fixtures';
import type { ProjectView } from '../../../domain/project-schemas';
import { injectPageMeta, resolvePageMeta } from '../../web-meta';
import { pngImage } from '../uploads/multipart-payload';

let ctx: TestContext;
let maker: TestUser;
let client: TestUser;
let admin: TestUser;
let studioId: string;
let portfolioUrl: string;
let logoUrl: string;

const TEMPLATE = '<html><head><title>x</title></head><body><div id="root"></div></body></html>';

/** The robots.txt group a crawler follows: the lines from its User-agent up to the next blank line. */
const groupOf = (robots: string, agent: string): string[] => {
  const groups = robots.split(/\n\s*\n/).map((group) => group.split('\n'));
  return groups.find((lines) => lines.includes(`User-agent: ${agent}`)) ?? [];
};

const setOptOut = (value: boolean) =>
  ctx.inject(admin, { method: 'PATCH', url: '/api/admin/settings', payload: { aiTrainingOptOut: value }, headers: { origin: TEST_ORIGIN } });

withTestContext(async (created) => {
  ctx = created;
  maker = await ctx.signUp('maker');
  client = await ctx.signUp('client');
  admin = await ctx.createAdmin();
  studioId = await insertCreator(ctx.db, { role: 'maker', name: 'Ines Varga' });
  portfolioUrl = (await ctx.app.storage.saveUpload('portfolioImage', `${maker.id}/portfolio/piece`, await pngImage())).url;
  logoUrl = (await ctx.app.storage.saveUpload('clientLogo', `${client.id}/logo`, await pngImage())).url;
});

describe("creators' work is reserved from AI training", () => {
  it('is on by default: TDMRep headers on creators’ files, not on client logos', async () => {
    const file = await ctx.inject(null, { method: 'GET', url: portfolioUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['tdm-reservation']).toBe('1');
    expect(file.headers['tdm-policy']).toBe(`${ctx.app.config.PUBLIC_URL}/ai-policy`);
    const logo = await ctx.inject(null, { method: 'GET', url: logoUrl });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['tdm-reservation']).toBeUndefined();
    expect((await ctx.inject(null, { method: 'GET', url: '/api/ai-policy' })).json()).toEqual({ aiTrainingOptOut: true });
  });

  it('puts them on every creator bucket: an avatar, a process doc and a deliverable, each fetched by someone allowed to', async () => {
    const creator = await approveMaker(ctx, { name: 'Tomas Tern' });
    const buyer = await onboardedClient(ctx);
    const projectId = await acceptedProject(ctx, buyer, creator);
    const image = { data: await pngImage(), filename: 'work.png', contentType: 'image/png' };
    const withDoc = (await uploadProjectFile(ctx, creator, projectId, 'process-docs', image)).json() as ProjectView;
    const delivered = (await uploadProjectFile(ctx, creator, projectId, 'deliverable', image)).json() as ProjectView;
    const avatarUrl = (await ctx.app.storage.saveUpload('profileImage', `${creator.id}/avatar`, await pngImage())).url;
    const docUrl = withDoc.processDocs[0]?.fileUrl ?? '';
    const deliverableUrl = delivered.deliverableUrl ?? '';
    expect(docUrl).toMatch(/^\/files\/process-docs\//);
    expect(deliverableUrl).toMatch(/^\/files\/deliverables\//);
    const fetches: Array<[string, string, TestUser | null]> = [
      ['avatar, anyone', avatarUrl, null],
      ['process doc, its client', docUrl, buyer],
      ['process doc, its creator', docUrl, creator],
      ['deliverable, its client', deliverableUrl, buyer],
      ['deliverable, an admin', deliverableUrl, admin],
    ];
    for (const [what, url, who] of fetches) {
      const file = await ctx.inject(who, { method: 'GET', url });
      expect(file.statusCode, what).toBe(200);
      expect(file.headers['tdm-reservation'], what).toBe('1');
      expect(file.headers['tdm-policy'], what).toBe(`${ctx.app.config.PUBLIC_URL}/ai-policy`);
    }
    // A private file's headers go to those allowed to fetch it only: anyone else is answered 404, as if it were not there.
    expect((await ctx.inject(client, { method: 'GET', url: deliverableUrl })).statusCode).toBe(404);
  });

  it('lists studios and creators’ files in /.well-known/tdmrep.json', async () => {
    const response = await ctx.inject(null, { method: 'GET', url: '/.well-known/tdmrep.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    const rules = response.json() as Array<{ location: string; 'tdm-reservation': number; 'tdm-policy': string }>;
    expect(rules.map((rule) => rule.location)).toEqual([
      '/studio/*',
      '/files/profile-images/*',
      '/files/portfolio-items/*',
      '/files/process-docs/*',
      '/files/deliverables/*',
    ]);
    for (const rule of rules) expect(rule).toMatchObject({ 'tdm-reservation': 1, 'tdm-policy': `${ctx.app.config.PUBLIC_URL}/ai-policy` });
  });

  it('turns AI-training crawlers away from studios and files in robots.txt, and leaves search engines alone', async () => {
    const robots = (await ctx.inject(null, { method: 'GET', url: '/robots.txt' })).body;
    for (const crawler of AI_TRAINING_CRAWLERS) {
      const group = groupOf(robots, crawler);
      expect(group, crawler).toEqual(expect.arrayContaining(['Disallow: /studio/', 'Disallow: /files/']));
    }
    const everyone = groupOf(robots, '*');
    expect(everyone).toContain('Allow: /');
    expect(everyone).not.toContain('Disallow: /studio/');
    expect(robots).not.toMatch(/User-agent: Googlebot/);
  });

  it('puts the TDMRep meta tags on a public studio page only', async () => {
    const studio = injectPageMeta(TEMPLATE, await resolvePageMeta(ctx.app, `/studio/${studioId}`, 200));
    expect(studio).toContain('<meta name="tdm-reservation" content="1">');
    expect(studio).toContain(`<meta name="tdm-policy" content="${ctx.app.config.PUBLIC_URL}/ai-policy">`);
    const about = injectPageMeta(TEMPLATE, await resolvePageMeta(ctx.app, '/about', 200));
    expect(about).not.toContain('tdm-reservation');
  });
});

describe('the admin setting', () => {
  it('is read and changed by admins only, and a change names a setting', async () => {
    await expectAccess(ctx, { method: 'GET', url: '/api/admin/settings' }, [
      ['anonymous', null, 401],
      ['maker', maker, 403],
      ['client', client, 403],
      ['admin', admin, 200],
    ]);
    await expectAccess(
      ctx,
      { method: 'PATCH', url: '/api/admin/settings', payload: { aiTrainingOptOut: false }, headers: { origin: TEST_ORIGIN } },
      [
        ['anonymous', null, 401],
        ['maker', maker, 403],
        ['client', client, 403],
      ],
    );
    const empty = await ctx.inject(admin, { method: 'PATCH', url: '/api/admin/settings', payload: {}, headers: { origin: TEST_ORIGIN } });
    expect(empty.statusCode).toBe(400);
    const wrongType = await ctx.inject(admin, { method: 'PATCH', url: '/api/admin/settings', payload: { aiTrainingOptOut: 'no' }, headers: { origin: TEST_ORIGIN } });
    expect(wrongType.statusCode).toBe(400);
    const unknown = await ctx.inject(admin, { method: 'PATCH', url: '/api/admin/settings', payload: { somethingElse: true }, headers: { origin: TEST_ORIGIN } });
    expect(unknown.statusCode).toBe(400);
    expect((await ctx.inject(admin, { method: 'GET', url: '/api/admin/settings' })).json()).toEqual({ settings: { aiTrainingOptOut: true, bankDetails: null } });
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'))).toHaveLength(0);
  });

  it('turned off, stops every signal at once and is audited; turned on again, restores them', async () => {
    const off = await setOptOut(false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ settings: { aiTrainingOptOut: false, bankDetails: null } });

    const file = await ctx.inject(null, { method: 'GET', url: portfolioUrl });
    expect(file.headers['tdm-reservation']).toBeUndefined();
    expect((await ctx.inject(null, { method: 'GET', url: '/.well-known/tdmrep.json' })).json()).toEqual([]);
    const robots = (await ctx.inject(null, { method: 'GET', url: '/robots.txt' })).body;
    expect(robots).not.toContain('GPTBot');
    expect(robots).toContain('User-agent: *');
    expect(injectPageMeta(TEMPLATE, await resolvePageMeta(ctx.app, `/studio/${studioId}`, 200))).not.toContain('tdm-reservation');
    expect((await ctx.inject(null, { method: 'GET', url: '/api/ai-policy' })).json()).toEqual({ aiTrainingOptOut: false });

    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'));
    expect(entry).toMatchObject({ actorId: admin.id, targetType: 'platform', metadata: { changed: { aiTrainingOptOut: { from: true, to: false } } } });

    // Saving the same value again changes nothing and records nothing.
    expect((await setOptOut(false)).statusCode).toBe(200);
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'))).toHaveLength(1);

    expect((await setOptOut(true)).statusCode).toBe(200);
    expect((await ctx.inject(null, { method: 'GET', url: portfolioUrl })).headers['tdm-reservation']).toBe('1');
    expect(groupOf((await ctx.inject(null, { method: 'GET', url: '/robots.txt' })).body, 'GPTBot')).toContain('Disallow: /files/');
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'settings.update'))).toHaveLength(2);
  });
});
