import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { loadRedis } from '../lazy-modules';

/**
 * Rate limits are opt-in per route (`config.rateLimit`). Counters live in Redis when REDIS_URL is set,
 * so every instance shares them; otherwise in this process's memory.
 */
export const registerRateLimit = async (app: FastifyInstance): Promise<void> => {
  const redis = app.config.REDIS_URL
    ? new (await loadRedis())(app.config.REDIS_URL, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
    : null;
  if (redis) {
    redis.on('error', (error) => app.log.warn({ err: error.message }, 'redis error'));
    app.addHook('onClose', async () => {
      redis.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: `${app.config.REDIS_KEY_PREFIX}rl:` } : {}),
    // If Redis is briefly unreachable, serve the request rather than fail every sign-in.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: 'rate_limited',
      message: `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
    }),
  });
};
