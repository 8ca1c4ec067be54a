import { randomUUID } from 'node:crypto';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PORTFOLIO_MAX_ITEMS, PORTFOLIO_MESSAGES, portfolioItemFieldsSchema, type PortfolioItem } from '../../../domain/portfolio-schemas';
import { portfolioItems } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { discardFileOfFailedWrite } from '../../storage/failed-write';
import { readUpload, type ReceivedUpload } from '../../storage/upload-request';
import { fingerprintImage } from '../provenance/copies';
import { readContentCredentials } from '../provenance/content-credentials';

type PortfolioRow = typeof portfolioItems.$inferSelect;

const toView = (row: PortfolioRow): PortfolioItem => ({
  id: row.id,
  title: row.title,
  description: row.description,
  category: row.category,
  imageUrl: row.imageUrl,
  thumbnailUrl: row.thumbnailUrl,
  createdAt: row.createdAt.toISOString(),
  inReview: row.reviewStatus === 'pending',
  contentCredentials: row.contentCredentials,
});

export const listOwnPortfolio = async (app: FastifyInstance, userId: string): Promise<PortfolioItem[]> => {
  const rows = await app.db.select().from(portfolioItems).where(eq(portfolioItems.makerId, userId)).orderBy(desc(portfolioItems.createdAt));
  return rows.map(toView);
};

/** Reads the multipart request; the product's 'Please upload an image' stands in for the generic "choose a file". */
const readPortfolioUpload = async (request: FastifyRequest): Promise<ReceivedUpload> => {
  try {
    return await readUpload(request, 'portfolioImage');
  } catch (error) {
    if (error instanceof HttpError && error.code === 'invalid_file' && error.message === 'Please choose a file to upload.') {
      throw badRequest(PORTFOLIO_MESSAGES.imageRequired, { file: PORTFOLIO_MESSAGES.imageRequired });
    }
    throw error;
  }
};

/**
 * Creates a portfolio item from one multipart request (title, category, optional description and the image),
 * so there is never a stored image without its item, nor an item without its image.
 */
export const createPortfolioItem = async (app: FastifyInstance, request: FastifyRequest, userId: string): Promise<PortfolioItem> => {
  const upload = await readPortfolioUpload(request);
  const parsed = portfolioItemFieldsSchema.safeParse(upload.fields);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'body')] ??= issue.message;
    throw badRequest(Object.values(fields)[0] ?? 'Invalid request', fields);
  }
  const [{ total }] = await app.db.select({ total: count() }).from(portfolioItems).where(eq(portfolioItems.makerId, userId));
  if (total >= PORTFOLIO_MAX_ITEMS) throw conflict(PORTFOLIO_MESSAGES.tooMany);

  const id = randomUUID();
  // Read from the original bytes: storing re-encodes the image, which strips the manifest.
  const credentials = await readContentCredentials(upload.data);
  const stored = await app.storage.saveUpload('portfolioImage', `${userId}/portfolio/${id}`, upload.data);
  try {
    // A near copy of another creator's image, or an image whose credentials declare generative AI, waits for an
    // admin before anyone else sees it.
    const fingerprint = await fingerprintImage(app.db, userId, upload.data);
    const reviewReason = credentials?.aiDeclared ? 'ai_declared' : fingerprint.reviewStatus === 'pending' ? 'near_copy' : null;
    const [row] = await app.db
      .insert(portfolioItems)
      .values({
        id,
        makerId: userId,
        ...parsed.data,
        imageUrl: stored.url,
        thumbnailUrl: stored.thumbnailUrl,
        ...fingerprint,
        reviewStatus: reviewReason ? 'pending' : 'clear',
        reviewReason,
        contentCredentials: credentials && (credentials.valid || credentials.aiDeclared) ? credentials : null,
      })
      .returning();
    return toView(row);
  } catch (error) {
    return discardFileOfFailedWrite(app.log, error, {
      committed: async () => (await app.db.select({ id: portfolioItems.id }).from(portfolioItems).where(eq(portfolioItems.id, id))).length > 0,
      remove: () => app.storage.removeByUrl(stored.url).catch(() => undefined),
    });
  }
};

/** Only the owner deletes an item; anyone else's answers 404 as if it did not exist. */
export const deletePortfolioItem = async (app: FastifyInstance, userId: string, itemId: string): Promise<void> => {
  const [deleted] = await app.db
    .delete(portfolioItems)
    .where(and(eq(portfolioItems.id, itemId), eq(portfolioItems.makerId, userId)))
    .returning({ imageUrl: portfolioItems.imageUrl });
  if (!deleted) throw notFound('Portfolio item not found');
  await app.storage.removeByUrl(deleted.imageUrl).catch((error: unknown) => app.log.warn({ err: error }, 'could not remove a portfolio image'));
};
