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

  it('takes PUBLIC_URL as an origin only: the app and its did:web live at its root', () => {
    const base = { DATA_DIR: '/tmp/hm-config-test', AUTH_SECRET: 'a-test-secret-of-at-least-32-characters!!' };
    expect(loadConfig({ ...base, PUBLIC_URL: 'https://humanmade.example/' }).PUBLIC_URL).toBe('https://humanmade.example');
    expect(loadConfig({ ...base, PUBLIC_URL: 'http://localhost:3950' }).PUBLIC_URL).toBe('http://localhost:3950');
    for (const url of ['https://example.org/humanmade', 'https://humanmade.example/?a=1', 'https://humanmade.example/#top']) {
      expect(() => loadConfig({ ...base, PUBLIC_URL: url }), url).toThrow(/PUBLIC_URL: must be an origin/);
    }
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

  it('turns the Stripe provider on with both Stripe keys, and refuses half a Stripe setup', () => {
    const base = { DATA_DIR: '/tmp/hm-config-test', AUTH_SECRET: 'a-test-secret-of-at-least-32-characters!!' };
    expect(loadConfig(base).PAYMENT_PROVIDER).toBe('manual');
    const stripe = loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123' });
    expect(stripe).toMatchObject({ PAYMENT_PROVIDER: 'stripe', STRIPE_CURRENCY: 'usd' });
    expect(loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123', PAYMENT_PROVIDER: 'manual' }).PAYMENT_PROVIDER).toBe('manual');
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(/STRIPE_WEBHOOK_SECRET: is required when the other Stripe key is set/);
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY: is required when PAYMENT_PROVIDER=stripe/);
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'pk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123' })).toThrow(/STRIPE_SECRET_KEY: must be a Stripe secret key/);
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123', STRIPE_API_BASE: 'ftp://x' })).toThrow(/STRIPE_API_BASE/);
    // Amounts are cents shown as US dollars everywhere: another currency would charge one thing and show another.
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123', STRIPE_CURRENCY: 'jpy' })).toThrow(/STRIPE_CURRENCY: must be usd/);
    // The Connect endpoint's own signing secret (decision 220): optional, a whsec_, and only beside the other two.
    expect(loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123', STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_456' })).toMatchObject({ PAYMENT_PROVIDER: 'stripe', STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_456' });
    expect(stripe.STRIPE_CONNECT_WEBHOOK_SECRET).toBeUndefined();
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_123', STRIPE_CONNECT_WEBHOOK_SECRET: 'sk_test_456' })).toThrow(/STRIPE_CONNECT_WEBHOOK_SECRET: must be a Stripe webhook signing secret/);
    expect(() => loadConfig({ ...base, STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_456' })).toThrow(/STRIPE_CONNECT_WEBHOOK_SECRET: needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
  });

  it('takes a wait before approval by time of 1 to 60 days, and a shorter one to try it out outside production', () => {
    const base = { DATA_DIR: '/tmp/hm-config-test', AUTH_SECRET: 'a-test-secret-of-at-least-32-characters-long' };
    expect(loadConfig(base).AUTO_APPROVE_DAYS).toBe(7);
    expect(loadConfig({ ...base, AUTO_APPROVE_DAYS: '0.002' }).AUTO_APPROVE_DAYS).toBe(0.002);
    expect(() => loadConfig({ ...base, AUTO_APPROVE_DAYS: '0' })).toThrow(/AUTO_APPROVE_DAYS/);
    expect(() => loadConfig({ ...base, AUTO_APPROVE_DAYS: '61' })).toThrow(/AUTO_APPROVE_DAYS/);
    const production = { ...base, NODE_ENV: 'production', PUBLIC_URL: 'https://humanmade.example' };
    expect(loadConfig({ ...production, AUTO_APPROVE_DAYS: '1' }).AUTO_APPROVE_DAYS).toBe(1);
    expect(() => loadConfig({ ...production, AUTO_APPROVE_DAYS: '0.5' })).toThrow(/AUTO_APPROVE_DAYS: must be at least 1 when NODE_ENV=production/);
  });
});
