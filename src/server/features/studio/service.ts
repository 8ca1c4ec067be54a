import { desc, eq } from 'drizzle-orm';
import { MARKETPLACE_MESSAGES, type StudioData } from '../../../domain/marketplace';
import type { DbExecutor } from '../../db/client';
import { makerProfiles, mindProfiles, portfolioItems, profiles, userRoles } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { AuthContext } from '../../types';

/** A studio shows the whole portfolio, but a page must stay bounded. */
export const STUDIO_PORTFOLIO_LIMIT = 60;

const loadCreator = async (db: DbExecutor, userId: string) => {
  const [row] = await db
    .select({ role: userRoles.role, name: profiles.name, bio: profiles.bio, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .innerJoin(userRoles, eq(userRoles.userId, profiles.id))
    .where(eq(profiles.id, userId))
    .limit(1);
  if (!row) return null;
  if (row.role === 'maker') {
    const [maker] = await db.select().from(makerProfiles).where(eq(makerProfiles.userId, userId)).limit(1);
    return maker ? { ...row, role: 'maker' as const, maker, mind: null } : null;
  }
  if (row.role === 'mind') {
    const [mind] = await db.select().from(mindProfiles).where(eq(mindProfiles.userId, userId)).limit(1);
    return mind ? { ...row, role: 'mind' as const, maker: null, mind } : null;
  }
  return null;
};

/**
 * A creator's studio. Approved creators are public; anyone else's studio answers 404 ('Creator Not Found'),
 * except to that creator and to admins, who may preview it. Admin and client accounts have no studio.
 */
export const getStudio = async (db: DbExecutor, userId: string, viewer: AuthContext | null): Promise<StudioData> => {
  // The portfolio is read beside the creator (it is dropped if the studio turns out not to be visible).
  const [creator, portfolio] = await Promise.all([
    loadCreator(db, userId),
    db
      .select({
        id: portfolioItems.id,
        title: portfolioItems.title,
        description: portfolioItems.description,
        category: portfolioItems.category,
        imageUrl: portfolioItems.imageUrl,
        thumbnailUrl: portfolioItems.thumbnailUrl,
      })
      .from(portfolioItems)
      .where(eq(portfolioItems.makerId, userId))
      .orderBy(desc(portfolioItems.createdAt), desc(portfolioItems.id))
      .limit(STUDIO_PORTFOLIO_LIMIT),
  ]);
  if (!creator) throw notFound(MARKETPLACE_MESSAGES.notFound);
  const status = creator.maker?.applicationStatus ?? creator.mind?.applicationStatus ?? 'draft';
  const isPublic = status === 'approved';
  const canPreview = viewer !== null && (viewer.userId === userId || viewer.role === 'admin');
  if (!isPublic && !canPreview) throw notFound(MARKETPLACE_MESSAGES.notFound);

  return {
    id: userId,
    role: creator.role,
    name: creator.name,
    bio: creator.bio,
    avatarUrl: creator.avatarUrl,
    sealStatus: creator.maker?.sealStatus ?? 'none',
    applicationStatus: status,
    isPreview: !isPublic,
    websiteLink: creator.maker?.websiteLink ?? null,
    experienceYears: creator.maker?.experienceYears ?? null,
    deliverableCategories: creator.maker?.deliverableCategories ?? [],
    introVideoUrl: creator.maker?.introVideoUrl ?? creator.mind?.introVideoUrl ?? null,
    subscriptionPlan: creator.mind?.subscriptionPlan ?? null,
    expertiseAreas: creator.mind?.expertiseAreas ?? [],
    portfolio,
  };
};
