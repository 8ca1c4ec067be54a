import type { FastifyInstance } from 'fastify';
import type { StorageBucket } from '../../../domain/constants';
import { PROFILE_MESSAGES } from '../../../domain/profile-schemas';
import { badRequest } from '../../http/errors';
import { parseFileUrl } from '../../storage/storage';

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
 * After a profile stops using a file: removes it when it was replaced by one with another extension or
 * removed altogether. A replacement with the same extension already overwrote it in place, and the shared
 * thumbnail belongs to the new file, so neither is touched then.
 */
export const removeReplacedFile = async (app: FastifyInstance, previous: string | null, next: string | null): Promise<void> => {
  const before = parseFileUrl(previous);
  if (!before) return;
  const after = parseFileUrl(next);
  if (after && after.bucket === before.bucket && after.key === before.key) return;
  try {
    if (after) await app.storage.driver.delete(before.bucket, before.key);
    else await app.storage.removeByUrl(previous);
  } catch (error) {
    app.log.warn({ err: error }, 'could not remove a replaced upload');
  }
};
