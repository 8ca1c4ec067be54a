import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, curateMatchesSchema, humanizeCategory, isWhiteGloveOverdue, reasonSchema, whiteGloveDueAt } from './admin-schemas';

const HOUR = 3600 * 1000;

describe('White Glove due time', () => {
  it('is 48 hours after the request', () => {
    const created = new Date('2026-03-01T10:00:00Z');
    expect(whiteGloveDueAt(created).toISOString()).toBe('2026-03-03T10:00:00.000Z');
  });

  it('is overdue only while pending and past the due time', () => {
    const now = new Date('2026-03-05T00:00:00Z');
    expect(isWhiteGloveOverdue('pending', new Date(now.getTime() - 49 * HOUR), now)).toBe(true);
    expect(isWhiteGloveOverdue('pending', new Date(now.getTime() - 47 * HOUR), now)).toBe(false);
    expect(isWhiteGloveOverdue('completed', new Date(now.getTime() - 100 * HOUR), now)).toBe(false);
  });
});

describe('curation', () => {
  it('takes exactly 3 different creators', () => {
    expect(curateMatchesSchema.safeParse({ creatorIds: ['a', 'b', 'c'] }).success).toBe(true);
    expect(curateMatchesSchema.safeParse({ creatorIds: ['a', 'b'] }).error?.issues[0].message).toBe(ADMIN_MESSAGES.curateExactly);
    expect(curateMatchesSchema.safeParse({ creatorIds: ['a', 'b', 'c', 'd'] }).error?.issues[0].message).toBe(ADMIN_MESSAGES.curateExactly);
    expect(curateMatchesSchema.safeParse({ creatorIds: ['a', 'a', 'b'] }).error?.issues[0].message).toBe(ADMIN_MESSAGES.curateDistinct);
  });
});

describe('reasons and categories', () => {
  it('trims an optional reason and caps it at 1000 characters', () => {
    expect(reasonSchema.parse({ reason: '  too blurry  ' })).toEqual({ reason: 'too blurry' });
    expect(reasonSchema.parse({})).toEqual({});
    expect(reasonSchema.safeParse({ reason: 'x'.repeat(1001) }).error?.issues[0].message).toBe(ADMIN_MESSAGES.reasonTooLong);
  });

  it('shows categories with spaces instead of underscores', () => {
    expect(humanizeCategory('social_media_assets')).toBe('social media assets');
  });
});
