import { describe, expect, it } from 'vitest';
import { preferJitlessZod } from './zod-jitless';

describe('preferJitlessZod', () => {
  it('is what zod reads as its global configuration once it loads', async () => {
    preferJitlessZod();
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    const { z } = await import('zod');
    expect(z.object({ name: z.string() }).parse({ name: 'Ada' })).toEqual({ name: 'Ada' });
  });
});
