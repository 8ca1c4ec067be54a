import { and, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';
import { portfolioItems } from '../../db/schema';
import { bandsOf, COPY_DISTANCE, hammingDistance, perceptualHash } from './phash';

export interface ImageFingerprint {
  perceptualHash: string | null;
  perceptualBands: number[] | null;
  reviewStatus: 'clear' | 'pending';
  matchedItemId: string | null;
}

/**
 * The perceptual hash of a new portfolio image, and whether it is a near copy of another creator's image: the band
 * index gives the candidates (each shares at least one 8-bit band), the exact distance decides, the closest wins.
 * A creator's own images never count against them. An image the hash cannot read is stored unfingerprinted (the
 * upload pipeline has already accepted it as an image).
 */
export const fingerprintImage = async (db: DbExecutor, makerId: string, image: Buffer): Promise<ImageFingerprint> => {
  let hash: string;
  try {
    hash = await perceptualHash(image);
  } catch {
    return { perceptualHash: null, perceptualBands: null, reviewStatus: 'clear', matchedItemId: null };
  }
  const bands = bandsOf(hash);
  const candidates = await db
    .select({ id: portfolioItems.id, hash: portfolioItems.perceptualHash })
    .from(portfolioItems)
    .where(and(ne(portfolioItems.makerId, makerId), sql`${portfolioItems.perceptualBands} && ${sql.raw(`ARRAY[${bands.join(',')}]::integer[]`)}`))
    .limit(500);
  let closest: { id: string; distance: number } | null = null;
  for (const candidate of candidates) {
    if (!candidate.hash) continue;
    const distance = hammingDistance(hash, candidate.hash);
    if (distance <= COPY_DISTANCE && (!closest || distance < closest.distance)) closest = { id: candidate.id, distance };
  }
  return { perceptualHash: hash, perceptualBands: bands, reviewStatus: closest ? 'pending' : 'clear', matchedItemId: closest?.id ?? null };
};
