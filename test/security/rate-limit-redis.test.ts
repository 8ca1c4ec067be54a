import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestContext } from '../support/harness';
import { redisAnswers, TEST_REDIS_URL as REDIS_URL } from './redis-available';

describe('rate limits shared through Redis', async () => {
  const available = await redisAnswers();
  it.skipIf(!available)('counts sign-in attempts across two app instances', async () => {
    const env = { REDIS_URL, REDIS_KEY_PREFIX: `hm-test-${randomBytes(4).toString('hex')}:`, AUTH_RATE_LIMIT_PER_MINUTE: '3' };
    const first = await createTestContext({ env });
    const second = await createTestContext({ env });
    try {
      const statuses = [
        (await first.signIn('x@example.com', 'wrong password')).statusCode,
        (await second.signIn('x@example.com', 'wrong password')).statusCode,
        (await first.signIn('x@example.com', 'wrong password')).statusCode,
        (await second.signIn('x@example.com', 'wrong password')).statusCode,
      ];
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await first.close();
      await second.close();
    }
  }, 120_000);
});
