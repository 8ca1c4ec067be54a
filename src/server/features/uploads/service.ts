import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readUpload } from '../../storage/upload-request';
import { SINGLE_FILE_NAMES } from './own-file';

const BASE_NAME = { profileImage: SINGLE_FILE_NAMES.avatar, clientLogo: SINGLE_FILE_NAMES.logo } as const;

/**
 * Stores the caller's avatar or logo at its fixed place in their folder (`<userId>/avatar.<ext>`), replacing
 * the earlier file. The profile starts using it only when the person saves their profile form.
 */
export const saveSingleFile = async (
  app: FastifyInstance,
  request: FastifyRequest,
  userId: string,
  use: keyof typeof BASE_NAME,
): Promise<{ url: string; thumbnailUrl: string | null }> => {
  const upload = await readUpload(request, use);
  const stored = await app.storage.saveUpload(use, `${userId}/${BASE_NAME[use]}`, upload.data);
  return { url: stored.url, thumbnailUrl: stored.thumbnailUrl };
};
