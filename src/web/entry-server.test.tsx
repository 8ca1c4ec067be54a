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
    const { html, status } = await renderPage('/studio/maker-1', [{ key: studioQueryKey('maker-1'), data: studio }]);
    expect(status).toBe(200);
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

  it('answers 404 for a studio the server found missing, with the friendly Creator Not Found page', async () => {
    const { html, status } = await renderPage('/studio/maker-2', [{ key: studioQueryKey('maker-2'), data: null }]);
    expect(status).toBe(404);
    expect(html).toMatch(/<h1[^>]*>Creator Not Found<\/h1>/);
    expect(html).toContain('Back to the Marketplace');
  });

  it('answers 404 for an unknown address with the not-found page, and 200 for a page that exists', async () => {
    const missing = await renderPage('/no/such/page');
    expect(missing.status).toBe(404);
    expect(missing.html).toContain('Oops! Page not found');
    const about = await renderPage('/about');
    expect(about.status).toBe(200);
    expect(about.html).not.toContain('Oops! Page not found');
  });

  it('tells a browser without JavaScript that a dashboard needs it, in place of a spinner that would turn for ever', async () => {
    for (const path of ['/dashboard-client', '/dashboard-maker', '/dashboard-mind', '/dashboard-admin']) {
      const { html, status } = await renderPage(path);
      expect(status).toBe(200);
      const noscript = /<noscript>([\s\S]*?)<\/noscript>/.exec(html)?.[1] ?? '';
      expect(noscript, path).toContain('Your dashboard needs JavaScript');
      expect(noscript).toContain('Please turn JavaScript on in your browser, then reload this page.');
      // The spinner is hidden where scripts are off (the media query behind Tailwind's noscript: variant).
      expect(html).toMatch(/<div class="noscript:hidden"><div[^>]*>\s*<span role="status"/);
    }
    const inbox = await renderPage('/inbox');
    expect(inbox.html).toContain('This page needs JavaScript');
    // Public pages render their content, with no such notice.
    expect((await renderPage('/about')).html).not.toContain('needs JavaScript');
  });
});
