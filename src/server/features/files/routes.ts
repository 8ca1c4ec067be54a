import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STORAGE_BUCKETS } from '../../../domain/constants';
import { portfolioItems, projects } from '../../db/schema';
import { notFound } from '../../http/errors';
import { isPublicBucket } from '../../storage/storage';
import { tdmHeaders } from '../ai-policy/tdm';
import type { AuthContext } from '../../types';

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', pdf: 'application/pdf' };

/**
 * Private files (process docs, deliverables) are stored under `<creatorId>/<projectId>/…` and readable only by
 * that project's client, its creator and admins. Anyone else gets 404, as if the file did not exist.
 */
const canReadPrivate = async (app: Parameters<FastifyPluginAsyncZod>[0], auth: AuthContext | null, key: string) => {
  if (!auth) return false;
  if (auth.role === 'admin') return true;
  const projectId = key.split('/')[1];
  if (!projectId || !z.uuid().safeParse(projectId).success) return false;
  const [project] = await app.db
    .select({ clientId: projects.clientId, makerId: projects.makerId, mindId: projects.mindId })
    .from(projects)
    .where(eq(projects.id, projectId));
  if (!project) return false;
  return [project.clientId, project.makerId, project.mindId].includes(auth.userId);
};

/**
 * A portfolio image held for provenance review (decision 134) is not public: only its maker and admins may fetch it
 * until the review clears it. Its key is `<makerId>/portfolio/<itemId>…`, so one primary-key read tells.
 */
const heldPortfolioItem = async (app: Parameters<FastifyPluginAsyncZod>[0], key: string): Promise<{ makerId: string } | null> => {
  const [makerId, folder, file] = key.split('/');
  const itemId = file?.slice(0, 36);
  if (folder !== 'portfolio' || !itemId || !z.uuid().safeParse(itemId).success) return null;
  const [item] = await app.db.select({ makerId: portfolioItems.makerId, reviewStatus: portfolioItems.reviewStatus }).from(portfolioItems).where(eq(portfolioItems.id, itemId));
  return item && item.reviewStatus === 'pending' && item.makerId === makerId ? { makerId: item.makerId } : null;
};

export const prefix = '';

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/files/:bucket/*', {
    config: { access: 'public' },
    // Any address under /files that names no file is a 404, an unknown bucket or an over-long key included (a
    // validation error would tell a link checker the address was malformed, and list the buckets).
    schema: { hide: true, params: z.object({ bucket: z.string(), '*': z.string() }) },
    handler: async (request, reply) => {
      const bucket = STORAGE_BUCKETS.find((name) => name === request.params.bucket);
      const key = request.params['*'];
      if (!bucket || key.length > 300 || !/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) || key.includes('..')) throw notFound();
      // Message attachments are served only by their conversation's route, which knows who its participants are.
      if (bucket === 'message-attachments') throw notFound();
      let isPublic = isPublicBucket(bucket);
      if (!isPublic && !(await canReadPrivate(app, await request.resolveAuth(), key))) throw notFound();
      if (bucket === 'portfolio-items') {
        const held = await heldPortfolioItem(app, key);
        if (held) {
          const auth = await request.resolveAuth();
          if (!auth || (auth.role !== 'admin' && auth.userId !== held.makerId)) throw notFound();
          isPublic = false;
        }
      }
      // Every await comes before the file is opened: an opened stream is handed to the reply at once, which listens
      // for its errors and closes it; a stream left waiting would have no error listener and could leak its handle.
      const tdm = await tdmHeaders(app, bucket);
      const stored = await app.storage.open(bucket, key);
      if (!stored) throw notFound();
      const extension = key.split('.').pop()?.toLowerCase() ?? '';
      reply
        .type(CONTENT_TYPES[extension] ?? 'application/octet-stream')
        .header('content-length', stored.size)
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'same-origin')
        .header('cache-control', isPublic ? 'public, max-age=31536000, immutable' : 'private, no-store');
      if (extension === 'pdf') reply.header('content-disposition', 'attachment');
      // Creators' work is not training data while the platform's opt-out is on (decision 132).
      reply.headers(tdm);
      return reply.send(stored.body);
    },
  });
};
