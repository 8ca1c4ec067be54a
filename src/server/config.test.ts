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

  it('takes a platform fee between 0 and 50 percent, and Stripe only with both of its keys', () => {
    const base = { DATA_DIR: '/tmp/hm-config-test', AUTH_SECRET: 'a-test-secret-of-at-least-32-characters-long' };
    expect(loadConfig(base)).toMatchObject({ PLATFORM_FEE_PERCENT: 10, PAYMENT_PROVIDER: 'manual' });
    expect(loadConfig({ ...base, PLATFORM_FEE_PERCENT: '12.5' }).PLATFORM_FEE_PERCENT).toBe(12.5);
    expect(() => loadConfig({ ...base, PLATFORM_FEE_PERCENT: '51' })).toThrow(/PLATFORM_FEE_PERCENT/);
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET: is required when PAYMENT_PROVIDER=stripe/);
    expect(loadConfig({ ...base, PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).PAYMENT_PROVIDER).toBe('stripe');
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
