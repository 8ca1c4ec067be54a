import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientReviewInputSchema, REVIEW_FIELD_MESSAGES } from './review-schemas';
import { bayesianScore, displayAverage, ratingLabel, visibleLength } from './reviews';

describe('the rating rules', () => {
  it("rank forty 4.9s above one 5, and any rated creator above the unrated", () => {
    expect(bayesianScore(40, 196)).toBeGreaterThan(bayesianScore(1, 5));
    expect(bayesianScore(1, 1)).toBeGreaterThan(bayesianScore(0, 0));
  });

  it('keep the score between the prior and the mean, and the shown average within a twentieth of the mean', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 200 }), (ratings) => {
        const sum = ratings.reduce((total, rating) => total + rating, 0);
        const mean = sum / ratings.length;
        const score = bayesianScore(ratings.length, sum) / 10_000;
        expect(score).toBeGreaterThanOrEqual(Math.min(mean, 4) - 1e-4);
        expect(score).toBeLessThanOrEqual(Math.max(mean, 4) + 1e-4);
        const shown = displayAverage(ratings.length, sum);
        if (ratings.length < 3) expect(shown).toBeNull();
        else expect(Math.abs(shown! - mean)).toBeLessThanOrEqual(0.05 + 1e-9);
      }),
    );
  });

  it("say 'New' below 3 reviews, and the figure from 3", () => {
    expect(ratingLabel(null, 2)).toBe('New: 2 reviews');
    expect(ratingLabel(4.25, 12)).toBe('Rated 4.3 out of 5 from 12 reviews');
  });

  it("take a posted form's strings, and name each missing field", () => {
    expect(clientReviewInputSchema.parse({ rating: '5', communication: '4', quality: '5', onTime: '3', wouldHireAgain: 'yes', body: 'Wonderful to work with.' })).toMatchObject({ rating: 5, wouldHireAgain: true });
    const result = clientReviewInputSchema.safeParse({ rating: '', body: 'short' });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(fields).toMatchObject({ rating: REVIEW_FIELD_MESSAGES.rating, body: REVIEW_FIELD_MESSAGES.bodyShort, wouldHireAgain: REVIEW_FIELD_MESSAGES.wouldHireAgain });
  });

  it('count the characters a reader sees: an emoji as one, no zero-width or direction characters, no surrounding spaces', () => {
    expect(visibleLength('\u200b'.repeat(12))).toBe(0);
    expect(visibleLength(` \u202e\u200f \u2060 `)).toBe(0);
    expect(visibleLength('😀'.repeat(3))).toBe(3);
    expect(visibleLength(' a b c ')).toBe(5);
  });
});
