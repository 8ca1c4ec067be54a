import { describe, expect, it } from 'vitest';
import { portfolioItemFieldsSchema } from './portfolio-schemas';
import { categoryLabel, experienceYearsField, makerProfileSchema, mindApplicationSchema, optionalUrlField } from './profile-schemas';

const errorOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('profile rules shared by the forms and the API', () => {
  it('reads years of experience as a whole number of at least 0, from a box or from JSON', () => {
    expect(experienceYearsField.parse('7')).toBe(7);
    expect(experienceYearsField.parse(0)).toBe(0);
    expect(errorOf(experienceYearsField.safeParse(''))).toBe('Please enter your years of experience');
    expect(errorOf(experienceYearsField.safeParse(null))).toBe('Please enter your years of experience');
    expect(errorOf(experienceYearsField.safeParse('2.5'))).toBe('Please enter a whole number of years');
    expect(errorOf(experienceYearsField.safeParse(-1))).toBe('Years of experience cannot be negative');
  });

  it('treats an empty link as none, and accepts only http(s) links', () => {
    expect(optionalUrlField.parse('  ')).toBeNull();
    expect(optionalUrlField.parse(null)).toBeNull();
    expect(optionalUrlField.parse(' https://ada.example.com/work ')).toBe('https://ada.example.com/work');
    for (const bad of ['javascript:alert(1)', 'ada.example.com', 'ftp://ada.example.com', 'https://localhost']) {
      expect(errorOf(optionalUrlField.safeParse(bad)), bad).toBe('Please enter a full link starting with https://');
    }
  });

  it("uses the spec's messages for the mind's terms and expertise", () => {
    const result = mindApplicationSchema.safeParse({ name: 'Mo', bio: 'x', avatarUrl: null, expertiseAreas: [], subscriptionPlan: 'basic', introVideoUrl: '', termsAccepted: false });
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(expect.arrayContaining(['Please select at least one expertise area', 'Please accept the terms and conditions']));
  });

  it('removes repeated categories', () => {
    const parsed = makerProfileSchema.parse({ name: 'A', bio: 'b', experienceYears: 1, avatarUrl: null, deliverableCategories: ['web_design', 'web_design'] });
    expect(parsed.deliverableCategories).toEqual(['web_design']);
  });

  it("uses the spec's portfolio messages and shows categories with spaces", () => {
    const result = portfolioItemFieldsSchema.safeParse({ title: ' ', category: '' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Please enter a title', 'Please select a category']);
    expect(portfolioItemFieldsSchema.parse({ title: 'T', category: 'logo_design', description: '' }).description).toBeNull();
    expect(categoryLabel('social_media_assets')).toBe('social media assets');
  });
});
