import type { FastifyInstance } from 'fastify';
import type { StorageBucket } from '../../../domain/constants';
import { PROFILE_MESSAGES } from '../../../domain/profile-schemas';
import { badRequest } from '../../http/errors';
import { baseKeyOf, parseFileUrl } from '../../storage/storage';

/** The fixed name of each single-file upload in a user's folder (`<userId>/<name>.<ext>`). */
export const SINGLE_FILE_NAMES = { avatar: 'avatar', logo: 'logo' } as const;

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A profile may only point at the caller's own uploaded file, exactly as the upload endpoint returned it,
 * so nobody can borrow another user's image or smuggle an arbitrary string into an <img src>.
 */
export const requireOwnFileUrl = (
  url: string | null,
  owner: { userId: string; bucket: StorageBucket; name: string; field: string },
): string | null => {
  if (url === null) return null;
  const parsed = parseFileUrl(url);
  const exact = new RegExp(
    `^/files/${owner.bucket}/${escapeRegExp(owner.userId)}/${owner.name}\\.(jpg|png|gif|webp)(\\?v=[a-z0-9]{1,16})?$`,
  );
  if (!parsed || parsed.bucket !== owner.bucket || !parsed.key.startsWith(`${owner.userId}/`) || !exact.test(url)) {
    throw badRequest(PROFILE_MESSAGES.foreignFile, { [owner.field]: PROFILE_MESSAGES.foreignFile });
  }
  return url;
};

/**
 * After a profile stops using the file at `previous` and uses `next` instead (null: no file). A replacement
 * with the same extension already overwrote the old file in place, so nothing is removed. One with another
 * extension was stored beside it: the old file goes, but not the thumbnail at `<base>.thumb.webp`, because the
 * new file has just written its own there. Only when nothing at that base path is used any more does the
 * thumbnail go too. Every place that swaps an avatar or a logo uses this, and so does undoing a failed swap.
 */
export const removeReplacedFile = async (app: FastifyInstance, previous: string | null, next: string | null): Promise<void> => {
  const before = parseFileUrl(previous);
  if (!before) return;
  const after = parseFileUrl(next);
  if (after && after.bucket === before.bucket && after.key === before.key) return;
  const sharesThumbnail = after !== null && after.bucket === before.bucket && baseKeyOf(after.key) === baseKeyOf(before.key);
  try {
    if (sharesThumbnail) await app.storage.driver.delete(before.bucket, before.key);
    else await app.storage.removeByUrl(previous);
  } catch (error) {
    app.log.warn({ err: error }, 'could not remove a replaced upload');
  }
};
