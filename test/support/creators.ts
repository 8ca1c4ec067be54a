// Test support: writes creators straight into the tables, so a test can arrange dozens of them (and exact
// created_at ties) quickly. The sign-up path itself is covered by the account tests.
import { randomUUID } from 'node:crypto';
import type { ApplicationStatus, DeliverableCategory, ExpertiseArea, SealStatus, SubscriptionPlan, UserRole } from '../../src/domain/constants';
import type { Database } from '../../src/server/db/client';
import { clientProfiles, makerProfiles, mindProfiles, portfolioItems, profiles, user, userRoles } from '../../src/server/db/schema';

export interface CreatorSeed {
  /** The row in user_roles. 'admin' with a maker profile models a creator later promoted to admin. */
  role: UserRole;
  profileKind?: 'maker' | 'mind' | 'client';
  name?: string;
  bio?: string | null;
  avatarUrl?: string | null;
  status?: ApplicationStatus;
  seal?: SealStatus;
  categories?: DeliverableCategory[];
  expertise?: ExpertiseArea[];
  plan?: SubscriptionPlan;
  websiteLink?: string | null;
  experienceYears?: number | null;
  introVideoUrl?: string | null;
  createdAt?: Date;
  portfolio?: number;
}

let counter = 0;

export const insertCreator = async (db: Database, seed: CreatorSeed): Promise<string> => {
  counter += 1;
  const id = randomUUID();
  const name = seed.name ?? `Creator ${counter}`;
  const kind = seed.profileKind ?? (seed.role === 'mind' ? 'mind' : seed.role === 'client' ? 'client' : 'maker');
  const createdAt = seed.createdAt ?? new Date();
  await db.transaction(async (tx) => {
    await tx.insert(user).values({ id, name, email: `${id}@example.com`, emailVerified: true });
    await tx.insert(userRoles).values({ userId: id, role: seed.role });
    await tx.insert(profiles).values({ id, name, bio: seed.bio === undefined ? `Bio of ${name}` : seed.bio, avatarUrl: seed.avatarUrl ?? null });
    const applicationStatus = seed.status ?? 'approved';
    if (kind === 'maker') {
      await tx.insert(makerProfiles).values({
        userId: id,
        applicationStatus,
        sealStatus: seed.seal ?? 'none',
        deliverableCategories: seed.categories ?? ['logo_design'],
        websiteLink: seed.websiteLink ?? null,
        experienceYears: seed.experienceYears ?? null,
        introVideoUrl: seed.introVideoUrl ?? null,
        createdAt,
      });
    } else if (kind === 'mind') {
      await tx.insert(mindProfiles).values({
        userId: id,
        applicationStatus,
        expertiseAreas: seed.expertise ?? ['Brand Strategy'],
        subscriptionPlan: seed.plan ?? 'basic',
        introVideoUrl: seed.introVideoUrl ?? null,
        createdAt,
      });
    } else {
      await tx.insert(clientProfiles).values({ userId: id, applicationStatus, companyName: `${name} Co.` });
    }
    for (let index = 0; index < (seed.portfolio ?? 0); index += 1) {
      await tx.insert(portfolioItems).values({
        makerId: id,
        title: `${name} work ${index + 1}`,
        category: seed.categories?.[0] ?? 'logo_design',
        imageUrl: `/files/portfolio-items/${id}/portfolio/${index}.png`,
        thumbnailUrl: `/files/portfolio-items/${id}/portfolio/${index}.thumb.webp`,
        createdAt: new Date(Date.UTC(2024, 0, 1, 0, 0, index)),
      });
    }
  });
  return id;
};
