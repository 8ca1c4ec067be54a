import { describe, expect, it } from 'vitest';
import { serializeFirstPaintData } from '../domain/first-paint';
import { studioQueryKey } from '../domain/marketplace';
import type { StudioData } from '../domain/marketplace-schemas';
import { renderPage } from './entry-server';

// Hostile input reaches the server-rendered page as text: what a creator typed is shown, never run.
const SCRIPT_NAME = '<script>alert("name")</script>';
const HTML_BIO = '<img src=x onerror=alert(1)> & "quoted"';
const SQL_TITLE = "Robert'); DROP TABLE portfolio_items;--";

const studio: StudioData = {
  id: 'maker-1',
  role: 'maker',
  name: SCRIPT_NAME,
  bio: HTML_BIO,
  avatarUrl: null,
  sealStatus: 'none',
  applicationStatus: 'approved',
  isPreview: false,
  websiteLink: 'javascript:alert(1)',
  experienceYears: 3,
  deliverableCategories: ['logo_design'],
  introVideoUrl: null,
  subscriptionPlan: null,
  expertiseAreas: [],
  portfolio: [{ id: 'p1', title: SQL_TITLE, description: '</script><script>alert(2)</script>', category: 'logo_design', imageUrl: '/files/portfolio-items/a.png', thumbnailUrl: null }],
};

describe('the server-rendered first paint', () => {
  it('renders a studio’s script-looking and SQL-looking text escaped, as text', async () => {
    const html = await renderPage('/studio/maker-1', [{ key: studioQueryKey('maker-1'), data: studio }]);
    expect(html).toContain('&lt;script&gt;alert(&quot;name&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;quoted&quot;');
    expect(html).toContain('Robert&#x27;); DROP TABLE portfolio_items;--');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img src=x');
    // A website link that is not http(s) is not made into a link.
    expect(html).not.toContain('href="javascript:');
  });

  it('sends the data beside the page so that no string in it can close the script element', () => {
    const json = serializeFirstPaintData([{ key: studioQueryKey('maker-1'), data: studio }]);
    expect(json).not.toMatch(/<\/?script/i);
    expect(JSON.parse(json)[0].data).toEqual(studio);
  });
});
