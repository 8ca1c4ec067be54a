import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('names every bad key at once', () => {
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', SMTP_URL: 'http://mail', REDIS_URL: 'nope', DATA_DIR: '/tmp/hm-config-test' });
      expect.unreachable('loadConfig should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      for (const key of ['PORT', 'DATABASE_URL', 'SMTP_URL', 'REDIS_URL']) expect(message).toContain(key);
    }
  });

  it('requires AUTH_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/hm-config-test' })).toThrow(/AUTH_SECRET/);
  });

  it('requires PUBLIC_URL in production, and names it', () => {
    const secret = 'a-production-secret-of-at-least-32-characters';
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, DATA_DIR: '/tmp/hm-config-test' })).toThrow(
      /PUBLIC_URL: is required when NODE_ENV=production/,
    );
    const config = loadConfig({ NODE_ENV: 'production', AUTH_SECRET: secret, PUBLIC_URL: 'https://humanmade.example/', DATA_DIR: '/tmp/hm-config-test' });
    expect(config.PUBLIC_URL).toBe('https://humanmade.example');
  });

  it('applies the documented defaults and keeps a generated secret across loads', () => {
    const dir = `/tmp/hm-config-test-${process.pid}`;
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first).toMatchObject({ PORT: 3000, HOST: '0.0.0.0', SITE_NAME: 'Humanmade', PUBLIC_URL: 'http://localhost:3000' });
    expect(first.DATABASE_URL).toBeUndefined();
    expect(first.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(second.AUTH_SECRET).toBe(first.AUTH_SECRET);
  });
});
