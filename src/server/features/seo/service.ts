import type { FastifyInstance } from 'fastify';
import { VERIFY_PATH } from '../../../domain/seal-credential-schemas';
import { AI_POLICY_PATH, AI_TRAINING_CRAWLERS } from '../../../domain/settings-schemas';
import { selectPublicStudios } from '../creators/visibility';

/** The public, indexable pages; every other app route is personal or transactional. */
export const PUBLIC_PAGES: ReadonlyArray<{ path: string; priority: string; changefreq: string }> = [
  { path: '/', priority: '1.0', changefreq: 'weekly' },
  { path: '/marketplace', priority: '0.9', changefreq: 'daily' },
  { path: '/about', priority: '0.6', changefreq: 'monthly' },
  { path: '/how-it-works', priority: '0.7', changefreq: 'monthly' },
  { path: '/for-makers', priority: '0.7', changefreq: 'monthly' },
  { path: '/for-minds', priority: '0.7', changefreq: 'monthly' },
  { path: '/contact', priority: '0.5', changefreq: 'yearly' },
  // The join page: where makers, minds and clients sign up (decision 085).
  { path: '/auth', priority: '0.4', changefreq: 'yearly' },
  { path: AI_POLICY_PATH, priority: '0.3', changefreq: 'yearly' },
  { path: VERIFY_PATH, priority: '0.3', changefreq: 'yearly' },
];

/** One sitemap file may hold 50,000 URLs; the rest of the budget goes to studios (decision 015). */
export const SITEMAP_STUDIO_LIMIT = 50_000 - PUBLIC_PAGES.length;

const escapeXml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char);

const urlEntry = (loc: string, extra: string[]): string => `  <url><loc>${escapeXml(loc)}</loc>${extra.join('')}</url>`;

export const buildSitemap = async (app: FastifyInstance): Promise<string> => {
  const base = app.config.PUBLIC_URL;
  const studios = await selectPublicStudios(app.db, SITEMAP_STUDIO_LIMIT);
  const entries = [
    ...PUBLIC_PAGES.map((page) =>
      urlEntry(`${base}${page.path}`, [`<changefreq>${page.changefreq}</changefreq>`, `<priority>${page.priority}</priority>`]),
    ),
    ...studios.map((studio) =>
      urlEntry(`${base}/studio/${encodeURIComponent(studio.id)}`, [`<lastmod>${studio.updatedAt.toISOString()}</lastmod>`]),
    ),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
};

/**
 * Search engines may read every public page. While the AI-training opt-out is on, each known AI-training crawler
 * gets its own group, which it follows instead of `*`: studios and files are closed to it (decision 132).
 */
export const buildRobots = (publicUrl: string, aiTrainingOptOut: boolean): string =>
  [
    ...(aiTrainingOptOut
      ? [
          '# Creators\' work on this site is not training data: see /ai-policy and /.well-known/tdmrep.json.',
          ...AI_TRAINING_CRAWLERS.map((crawler) => `User-agent: ${crawler}`),
          'Disallow: /studio/',
          'Disallow: /files/',
          'Disallow: /api/',
          '',
        ]
      : []),
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /reset-password',
    'Disallow: /onboard-',
    'Disallow: /dashboard-',
    'Disallow: /inbox',
    'Disallow: /files/process-docs/',
    'Disallow: /files/deliverables/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
