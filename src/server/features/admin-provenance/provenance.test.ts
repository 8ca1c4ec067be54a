import sharp from 'sharp';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { renderPortfolioPiece } from '../../../../scripts/seed-demo/artwork';
import { ADMIN_MESSAGES, REASON_MAX } from '../../../domain/admin-schemas';
import { auditLog, notifications, portfolioItems } from '../../db/schema';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { approveMaker, multipart } from '../../../../test/support/project-fixtures';
import { bandsOf, hammingDistance, perceptualHash } from '../provenance/phash';

let ctx: TestContext;
let admin: TestUser;
let original: Buffer;
let resizedCopy: Buffer;
let otherWork: Buffer;

withTestContext(async (created) => {
  ctx = created;
  admin = await ctx.createAdmin();
  original = await renderPortfolioPiece('logo_design', 11, 'Alpha');
  // The same picture, smaller and recompressed: what a copier would upload.
  resizedCopy = await sharp(original).resize(600).jpeg({ quality: 70 }).toBuffer();
  otherWork = await renderPortfolioPiece('logo_design', 12, 'Beta');
}, {}, 60_000);

const upload = async (maker: TestUser, image: Buffer, title: string) => {
  const body = multipart({ data: image, filename: 'work.png', contentType: 'image/png' }, { title, category: 'logo_design' });
  const response = await ctx.inject(maker, { method: 'POST', url: '/api/portfolio', payload: body.payload, headers: body.headers });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().item;
};
const studioTitles = async (makerId: string) => (await ctx.inject(null, { method: 'GET', url: `/api/studio/${makerId}` })).json().portfolio.map((item: { title: string }) => item.title);
const reviewList = async () => (await ctx.inject(admin, { method: 'GET', url: '/api/admin/provenance' })).json().items;

describe('perceptual hash', () => {
  it('keeps a resized, recompressed copy within the copy distance, and puts other work far away', async () => {
    const [a, copy, other] = await Promise.all([perceptualHash(original), perceptualHash(resizedCopy), perceptualHash(otherWork)]);
    expect(hammingDistance(a, copy)).toBeLessThanOrEqual(7);
    expect(hammingDistance(a, other)).toBeGreaterThan(15);
    // Within 7 bits, the two share a band, so the index finds the pair.
    expect(bandsOf(a).some((band) => bandsOf(copy).includes(band))).toBe(true);
  });
});

describe('copies caught', () => {
  it("holds a near copy of another creator's image out of sight, shows it beside the original for review, and clears it when approved", async () => {
    const [author, copier] = [await approveMaker(ctx, { name: 'Ada Author' }), await approveMaker(ctx, { name: 'Cole Copier' })];
    const first = await upload(author, original, 'Alpha mark');
    expect(first.inReview).toBe(false);
    const held = await upload(copier, resizedCopy, 'My alpha mark');
    expect(held.inReview).toBe(true);
    // Its owner sees it, waiting; the public does not.
    const own = (await ctx.inject(copier, { method: 'GET', url: '/api/portfolio' })).json();
    expect(own.items.find((item: { id: string }) => item.id === held.id).inReview).toBe(true);
    expect(await studioTitles(copier.id)).not.toContain('My alpha mark');
    const card = (await ctx.inject(null, { method: 'GET', url: `/api/marketplace/creators?q=${encodeURIComponent('Cole Copier')}` })).json().creators[0];
    expect(card.portfolio.map((item: { title: string }) => item.title)).not.toContain('My alpha mark');

    // Nor can anyone else fetch its file: only its maker and admins, and never from a shared cache.
    const fetchAs = (user: TestUser | null, url: string) => ctx.inject(user, { method: 'GET', url });
    expect(held.imageUrl).toMatch(/^\/files\/portfolio-items\//);
    for (const url of [held.imageUrl, held.thumbnailUrl].filter(Boolean)) {
      expect((await fetchAs(null, url)).statusCode, url).toBe(404);
      expect((await fetchAs(author, url)).statusCode).toBe(404);
      const ownCopy = await fetchAs(copier, url);
      expect(ownCopy.statusCode).toBe(200);
      expect(ownCopy.headers['cache-control']).toBe('private, no-store');
      expect((await fetchAs(admin, url)).statusCode).toBe(200);
    }
    expect((await fetchAs(null, first.imageUrl)).headers['cache-control']).toMatch(/public/);

    const entry = (await reviewList()).find((item: { id: string }) => item.id === held.id);
    expect(entry).toMatchObject({ title: 'My alpha mark', maker: { id: copier.id, name: 'Cole Copier' }, match: { id: first.id, title: 'Alpha mark', maker: { id: author.id, name: 'Ada Author' } } });

    expect((await ctx.inject(admin, { method: 'POST', url: `/api/admin/provenance/${held.id}/approve` })).statusCode).toBe(200);
    expect(await studioTitles(copier.id)).toContain('My alpha mark');
    expect((await fetchAs(null, held.imageUrl)).statusCode).toBe(200);
    expect((await reviewList()).map((item: { id: string }) => item.id)).not.toContain(held.id);
    expect(await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'provenance.approve'), eq(auditLog.targetId, held.id)))).toHaveLength(1);
    // The copier saw 'Hidden from your studio until our team has checked it': they hear the outcome.
    expect(await ctx.db.select({ title: notifications.title, body: notifications.body, link: notifications.link }).from(notifications).where(eq(notifications.userId, copier.id))).toEqual([
      { title: '“My alpha mark” is on your studio', body: 'Our team checked it and it now shows on your studio like the rest of your work.', link: '/dashboard-maker?tab=portfolio' },
    ]);
    expect((await ctx.inject(admin, { method: 'POST', url: `/api/admin/provenance/${held.id}/approve` })).statusCode).toBe(409);
  });

  it('removes a held image with its item when the admin finds it a copy, audited with the reason', async () => {
    const [author, copier] = [await approveMaker(ctx), await approveMaker(ctx)];
    await upload(author, original, 'Original');
    const held = await upload(copier, resizedCopy, 'Copy');
    expect(held.inReview).toBe(true);
    // The dialog counts the reason to REASON_MAX; the server takes that much too, and refuses more with the dialog's words.
    const tooLong = await ctx.inject(admin, { method: 'POST', url: `/api/admin/provenance/${held.id}/remove`, payload: { reason: 'x'.repeat(REASON_MAX + 1) } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe(ADMIN_MESSAGES.reasonTooLong);
    const longReason = `Same mark as an earlier upload. ${'x'.repeat(REASON_MAX - 32)}`;
    expect(longReason).toHaveLength(REASON_MAX);
    const removedLong = await ctx.inject(admin, { method: 'POST', url: `/api/admin/provenance/${held.id}/remove`, payload: { reason: longReason } });
    expect(removedLong.statusCode).toBe(200);
    const [longAudit] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'provenance.remove'), eq(auditLog.targetId, held.id)));
    expect(longAudit.reason).toBe(longReason);

    const again = await upload(copier, resizedCopy, 'Copy again');
    const removed = await ctx.inject(admin, { method: 'POST', url: `/api/admin/provenance/${again.id}/remove`, payload: { reason: 'Same mark as an earlier upload' } });
    expect(removed.statusCode).toBe(200);
    expect(await ctx.db.select().from(portfolioItems).where(eq(portfolioItems.id, again.id))).toHaveLength(0);
    const [audit] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'provenance.remove'), eq(auditLog.targetId, again.id)));
    expect(audit.reason).toBe('Same mark as an earlier upload');
    // The creator hears why, in the words their portfolio used; the admin's note stays in the audit log.
    const told = await ctx.db.select({ title: notifications.title, body: notifications.body }).from(notifications).where(eq(notifications.userId, copier.id));
    expect(told).toContainEqual({
      title: '“Copy again” was removed from your portfolio',
      body: "It closely resembles another creator's image, so Humanmade's provenance review removed it. If it is your own work, write to us from the contact page.",
    });
    expect(JSON.stringify(told)).not.toContain('Same mark as an earlier upload');
  });

  it("never holds a creator's own near copies, nor different work", async () => {
    const maker = await approveMaker(ctx);
    await upload(maker, otherWork, 'Beta');
    expect((await upload(maker, await sharp(otherWork).resize(500).toBuffer(), 'Beta, smaller')).inReview).toBe(false);
    const stranger = await approveMaker(ctx);
    expect((await upload(stranger, await renderPortfolioPiece('branding_packages', 99, 'Gamma'), 'Gamma')).inReview).toBe(false);
  });

  it('is for admins only', async () => {
    const maker = await approveMaker(ctx);
    expect((await ctx.inject(maker, { method: 'GET', url: '/api/admin/provenance' })).statusCode).toBe(403);
    expect((await ctx.inject(null, { method: 'GET', url: '/api/admin/provenance' })).statusCode).toBe(401);
  });
});
