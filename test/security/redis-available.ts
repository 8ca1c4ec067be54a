// Test support: whether a Redis server answers, so the Redis tests can skip with a message where there is none.
import { Socket } from 'node:net';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export const redisAnswers = (redisUrl = TEST_REDIS_URL) =>
  new Promise<boolean>((resolve) => {
    const url = new URL(redisUrl);
    const socket = new Socket();
    socket.setTimeout(500);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.connect(Number(url.port || 6379), url.hostname);
  });
