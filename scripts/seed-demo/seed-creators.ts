import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { App } from '../../src/server/app';
import type { StoredFile } from '../../src/server/storage/storage';
import { makerProfiles, mindProfiles, portfolioItems, profiles, user } from '../../src/server/db/schema';
import { createAccount } from '../../src/server/features/account/service';
import { bandsOf, perceptualHash } from '../../src/server/features/provenance/phash';
import { issueSealCredential } from '../../src/server/features/seal-credentials/service';
import { renderAvatar, renderPortfolioPiece } from './artwork';
import type { DemoCreator, DemoPiece } from './creators';

export const DEMO_DOMAIN = 'demo.humanmade.test';
export const DEMO_PASSWORD = 'humanmade demo';
export const demoEmail = (slug: string) => `${slug}@${DEMO_DOMAIN}`;

const HOUR = 60 * 60 * 1000;

/** A stable number from a string, so each creator's artwork is the same on every run. */
export const seedOf = (text: string): number => [...text].reduce((hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0, 7);

/**
 * One creator: the account through the real sign-up service, then their files, then profile, application and
 * portfolio in one transaction. `age` spaces creators out in time so the directory reads naturally.
 */
export const seedCreator = async (
  app: App,
  creator: DemoCreator,
  age: number,
  account: { email: string; password: string } = { email: demoEmail(creator.slug), password: DEMO_PASSWORD },
): Promise<string> => {
  const { userId } = await createAccount(app, { role: creator.role, name: creator.name, ...account });
  const status = creator.status ?? 'approved';
  const avatar = status === 'draft' ? null : await app.storage.saveUpload('profileImage', `${userId}/avatar`, await renderAvatar(creator.name, seedOf(creator.slug)));
  // Drawn and stored side by side (sharp works off the main thread), in the portfolio's order.
  const pieces: Array<{ id: string; item: DemoPiece; stored: StoredFile; hash: string; createdAt: Date }> = await Promise.all(
    creator.portfolio.map(async (item, index) => {
      const id = randomUUID();
      const image = await renderPortfolioPiece(item.category, seedOf(`${creator.slug}-${index}`), item.title);
      const stored = await app.storage.saveUpload('portfolioImage', `${userId}/portfolio/${id}`, image);
      // Fingerprinted like an upload, so a later copy of a demo piece is caught too (decision 134).
      return { id, item, stored, hash: await perceptualHash(image), createdAt: new Date(Date.now() - age * 36 * HOUR - (creator.portfolio.length - index) * HOUR) };
    }),
  );
  const joinedAt = new Date(Date.now() - age * 36 * HOUR - 12 * HOUR);
  const submittedAt = status === 'draft' ? null : new Date(joinedAt.getTime() + 2 * HOUR);

  await app.db.transaction(async (tx) => {
    await tx.update(user).set({ emailVerified: true, image: avatar?.url ?? null }).where(eq(user.id, userId));
    await tx.update(profiles).set({ bio: creator.bio, avatarUrl: avatar?.url ?? null }).where(eq(profiles.id, userId));
    if (creator.role === 'maker') {
      await tx
        .update(makerProfiles)
        .set({
          applicationStatus: status,
          rejectionReason: creator.rejectionReason ?? null,
          sealStatus: creator.seal ? 'verified' : 'none',
          experienceYears: creator.years,
          websiteLink: status === 'draft' ? null : `https://${creator.slug}-studio.example`,
          deliverableCategories: creator.categories,
          submittedAt,
          createdAt: joinedAt,
        })
        .where(eq(makerProfiles.userId, userId));
      // A Seal given here (test fixtures) is verifiable like a real one, its evidence whatever projects the maker has
      // (none yet); seed-demo passes seal: false and assigns its Seals once the makers' projects exist.
      if (creator.seal && status === 'approved') await issueSealCredential(app, tx, { id: userId, name: creator.name });
    } else {
      await tx
        .update(mindProfiles)
        .set({
          applicationStatus: status,
          rejectionReason: creator.rejectionReason ?? null,
          expertiseAreas: creator.expertise,
          subscriptionPlan: creator.plan,
          termsAcceptedAt: submittedAt,
          submittedAt,
          createdAt: joinedAt,
        })
        .where(eq(mindProfiles.userId, userId));
    }
    for (const { id, item, stored, hash, createdAt } of pieces) {
      await tx.insert(portfolioItems).values({
        id,
        makerId: userId,
        title: item.title,
        description: item.description,
        category: item.category,
        imageUrl: stored.url,
        thumbnailUrl: stored.thumbnailUrl,
        perceptualHash: hash,
        perceptualBands: bandsOf(hash),
        createdAt,
      });
    }
  });
  return userId;
};
