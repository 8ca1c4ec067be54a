import { and, eq, sql } from 'drizzle-orm';
import { MARKETPLACE_MESSAGES, type StudioData } from '../../../domain/marketplace';
import { batchLoaderPerDatabase } from '../../db/batch';
import type { DbExecutor } from '../../db/client';
import { listingVersion, makerProfiles, mindProfiles, portfolioItems, profiles, userRoles } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { AuthContext } from '../../types';
import { firstReviewPageJson, ratingSummaryOf, reviewPageFromJson } from '../reviews/views';

/** A studio shows the whole portfolio, but a page must stay bounded. */
export const STUDIO_PORTFOLIO_LIMIT = 60;

type PortfolioRow = StudioData['portfolio'][number];

const studioPortfolio = sql<PortfolioRow[] | null>`(
  select json_agg(json_build_object('id', pi.id, 'title', pi.title, 'description', pi.description, 'category', pi.category,
    'imageUrl', pi.image_url, 'thumbnailUrl', pi.thumbnail_url, 'contentCredentials', pi.content_credentials) order by pi.created_at desc, pi.id desc)
  from (
    select ${portfolioItems.id} as id, ${portfolioItems.title} as title, ${portfolioItems.description} as description,
      ${portfolioItems.category} as category, ${portfolioItems.imageUrl} as image_url, ${portfolioItems.thumbnailUrl} as thumbnail_url,
      ${portfolioItems.createdAt} as created_at, ${portfolioItems.contentCredentials} as content_credentials
    from ${portfolioItems}
    where ${portfolioItems.makerId} = ${profiles.id} and ${portfolioItems.reviewStatus} = 'clear'
    order by ${portfolioItems.createdAt} desc, ${portfolioItems.id} desc
    limit ${sql.raw(String(STUDIO_PORTFOLIO_LIMIT))}
  ) pi)`;

/**
 * Creators, their role profiles, their newest portfolio items, their first pages of reviews and the listing
 * version, in one statement (one round trip): the role profile joins only when it matches the role in user_roles
 * (creators/tables.ts), the portfolio and the reviews are bounded subqueries along their indexes. The version is
 * read in the same snapshot as the rest, so a cached studio is labelled with the version it was read at.
 * It takes a list of ids: studios asked for in the same turn are read together (db/batch.ts).
 */
const prepareStudios = (db: DbExecutor) =>
  db
    .select({
      id: profiles.id,
      role: userRoles.role,
      name: profiles.name,
      bio: profiles.bio,
      avatarUrl: profiles.avatarUrl,
      maker: makerProfiles,
      mind: mindProfiles,
      portfolio: studioPortfolio,
      hasSealCredential: sql<boolean>`exists (select 1 from seal_credentials held where held.maker_id = ${profiles.id} and held.revoked_at is null)`,
      reviews: firstReviewPageJson(profiles.id),
      listingVersion: sql<number>`(select ${listingVersion.version} from ${listingVersion} where ${listingVersion.id} = 1)`,
    })
    .from(profiles)
    .innerJoin(userRoles, eq(userRoles.userId, profiles.id))
    .leftJoin(makerProfiles, and(eq(makerProfiles.userId, profiles.id), eq(userRoles.role, 'maker')))
    .leftJoin(mindProfiles, and(eq(mindProfiles.userId, profiles.id), eq(userRoles.role, 'mind')))
    .where(sql`${profiles.id} = any(${sql.placeholder('userIds')}::text[])`)
    // Named: on PostgreSQL each connection plans it once and reuses the plan, and Drizzle builds its text once.
    .prepare('hm_studios');

const studioLoaderFor = batchLoaderPerDatabase((db) => {
  const statement = prepareStudios(db);
  return async (userIds) => new Map((await statement.execute({ userIds })).map((row) => [row.id, row]));
});

const loadStudio = async (db: DbExecutor, userId: string) => {
  const row = await studioLoaderFor(db)(userId);
  if (!row) return null;
  if (row.role === 'maker' && row.maker) return { ...row, role: 'maker' as const, mind: null };
  if (row.role === 'mind' && row.mind) return { ...row, role: 'mind' as const, maker: null };
  return null;
};

/**
 * A creator's studio. Approved creators are public; anyone else's studio answers 404 ('Creator Not Found'),
 * except to that creator and to admins, who may preview it. Admin and client accounts have no studio.
 */
export const getStudio = async (db: DbExecutor, userId: string, viewer: AuthContext | null): Promise<StudioData> =>
  (await getVersionedStudio(db, userId, viewer)).studio;

/** The studio with the listing version it was read at (for the listing cache, decision 083). */
export const getVersionedStudio = async (db: DbExecutor, userId: string, viewer: AuthContext | null): Promise<{ studio: StudioData; version: number }> => {
  const creator = await loadStudio(db, userId);
  if (!creator) throw notFound(MARKETPLACE_MESSAGES.notFound);
  const status = creator.maker?.applicationStatus ?? creator.mind?.applicationStatus ?? 'draft';
  const isPublic = status === 'approved';
  const canPreview = viewer !== null && (viewer.userId === userId || viewer.role === 'admin');
  if (!isPublic && !canPreview) throw notFound(MARKETPLACE_MESSAGES.notFound);

  const studio: StudioData = {
    id: userId,
    role: creator.role,
    name: creator.name,
    bio: creator.bio,
    avatarUrl: creator.avatarUrl,
    sealStatus: creator.maker?.sealStatus ?? 'none',
    hasSealCredential: creator.role === 'maker' && creator.hasSealCredential,
    applicationStatus: status,
    isPreview: !isPublic,
    websiteLink: creator.maker?.websiteLink ?? null,
    experienceYears: creator.maker?.experienceYears ?? null,
    deliverableCategories: creator.maker?.deliverableCategories ?? [],
    introVideoUrl: creator.maker?.introVideoUrl ?? creator.mind?.introVideoUrl ?? null,
    subscriptionPlan: creator.mind?.subscriptionPlan ?? null,
    expertiseAreas: creator.mind?.expertiseAreas ?? [],
    portfolio: creator.portfolio ?? [],
    rating: ratingSummaryOf(creator.maker ?? creator.mind!),
    reviews: reviewPageFromJson(creator.reviews),
  };
  return { studio, version: Number(creator.listingVersion) };
};
