import { describe, expect, it } from 'vitest';
import { bioPreview, cardTags, formatCategory, hireDestination } from './marketplace';

describe('creator card rules', () => {
  it('cuts the bio to 100 characters plus ..., or says there is none', () => {
    expect(bioPreview(null)).toBe('No bio available');
    expect(bioPreview('   ')).toBe('No bio available');
    expect(bioPreview('Short and sweet.')).toBe('Short and sweet.');
    const exact = 'x'.repeat(100);
    expect(bioPreview(exact)).toBe(exact);
    expect(bioPreview(`${'a'.repeat(100)}bcd`)).toBe(`${'a'.repeat(100)}...`);
    expect(bioPreview(`${'a'.repeat(98)}. More`)).toBe(`${'a'.repeat(98)}...`);
  });

  it('shows three tags with underscores as spaces, then +N more', () => {
    expect(cardTags(['branding_packages', 'logo_design'])).toEqual({ shown: ['branding packages', 'logo design'], more: 0 });
    expect(cardTags(['branding_packages', 'logo_design', 'web_design', 'social_media_assets', 'content_marketing'])).toEqual({
      shown: ['branding packages', 'logo design', 'web design'],
      more: 2,
    });
    expect(formatCategory('social_media_assets')).toBe('social media assets');
  });
});

describe('hireDestination', () => {
  it('sends anonymous visitors to log in as a client and come back to hire', () => {
    expect(hireDestination(null, 'abc-123')).toBe(`/auth?type=client&redirect=${encodeURIComponent('/studio/abc-123?hire=1')}`);
  });
  it('sends signed-in non-clients to /auth and clients to project creation', () => {
    for (const role of ['maker', 'mind', 'admin']) expect(hireDestination({ role }, 'abc-123')).toBe('/auth');
    expect(hireDestination({ role: 'client' }, 'abc-123')).toBe('/dashboard-client?hire=abc-123');
  });
});
