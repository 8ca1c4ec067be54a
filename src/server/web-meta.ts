import type { FastifyInstance } from 'fastify';
import { readPlatformSettings } from './features/admin-settings/service';
import { aiPolicyUrl } from './features/ai-policy/tdm';
import { findApprovedCreator, type PublicCreator } from './features/creators/visibility';
import { notFoundPreloads, routePreloads } from './features/seo/route-preload';

export interface PageMeta {
  title: string;
  description: string;
  image?: string;
  url?: string;
  /** Open Graph type: 'website' unless a page says otherwise ('profile' for studios). */
  type?: 'website' | 'profile';
  /** Keep the page out of search results (e.g. a studio that is not public). */
  noindex?: boolean;
  /** TDMRep: the page's text-and-data-mining rights are reserved, with the terms at this URL (decision 132). */
  tdmPolicy?: string;
  /** Script chunks the page needs first, preloaded with the entry by boot.js (see features/seo/route-preload.ts). */
  preload?: string[];
}

const escapeAttr = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

type StaticMeta = Record<string, { title: string; description: string }>;

const staticPages = (site: string): StaticMeta => ({
  '/': {
    title: `${site} — Work made by people, reviewed by people`,
    description: `${site} is a curated marketplace of verified human creators. Hire makers and minds whose process is documented and whose work is their own.`,
  },
  '/about': { title: `About · ${site}`, description: `Why ${site} exists: a home for human creativity, built on authenticity, curation, community and excellence.` },
  '/how-it-works': { title: `How It Works · ${site}`, description: `Choose your role, get verified, work with confidence and earn the Seal of human creativity.` },
  '/contact': { title: `Contact · ${site}`, description: `Get in touch with the ${site} team. We read every message.` },
  '/auth': { title: `Log in or join · ${site}`, description: `Log in to ${site}, or join as a maker, a mind or a client.` },
  '/marketplace': { title: `Marketplace · ${site}`, description: `Search verified human creators: makers and minds reviewed by our team, many holding the Seal.` },
  '/for-makers': { title: `For Makers · ${site}`, description: `Join ${site} as a maker: show your process, get verified and earn the Seal of human creativity.` },
  '/for-minds': { title: `For Minds · ${site}`, description: `Join ${site} as a mind: offer strategy and creative direction on a subscription, with Basic, Pro and Premium plans.` },
  '/ai-policy': {
    title: `AI and creators' work · ${site}`,
    description: `Work shown on ${site} belongs to the people who made it and is not offered for training AI models.`,
  },
  '/verify': {
    title: `Verify a Seal · ${site}`,
    description: `Check a ${site} Seal of human creativity: who issued it, to whom, when, and whether it is still valid.`,
  },
  '/unsubscribe': { title: `Unsubscribe · ${site}`, description: `Stop one kind of email from ${site}.` },
  '/reset-password': { title: `Reset password · ${site}`, description: `Choose a new password for your ${site} account.` },
});

const DESCRIPTION_MAX = 160;

const summarize = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > DESCRIPTION_MAX ? `${flat.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : flat;
};

const absoluteUrl = (publicUrl: string, url: string | null): string | undefined => {
  if (!url) return undefined;
  return /^https?:\/\//.test(url) ? url : `${publicUrl}${url.startsWith('/') ? '' : '/'}${url}`;
};

/** A studio's preview: the creator's name, bio and image, so a shared studio link introduces them. */
const studioMeta = (app: FastifyInstance, creator: PublicCreator, url: string): PageMeta => {
  const site = app.config.SITE_NAME;
  const kind = creator.role === 'maker' ? 'Maker' : 'Mind';
  return {
    title: `${creator.name} · ${site}`,
    description: creator.bio?.trim()
      ? summarize(creator.bio)
      : `${creator.name} is a verified ${kind} on ${site}, a curated marketplace of human creators.`,
    image: absoluteUrl(app.config.PUBLIC_URL, creator.avatarUrl ?? creator.coverUrl),
    url,
    type: 'profile',
  };
};

/** A studio page: /studio/<userId>. */
export const STUDIO_PATH = /^\/studio\/([^/]+)\/?$/;

/**
 * Per-route title and description, rendered into index.html on the server so shared links preview well. A studio
 * page whose public studio the caller already read (for its first paint) passes it as `creator`, saving a lookup.
 */
export const resolvePageMeta = async (app: FastifyInstance, pathname: string, status: number, creator?: PublicCreator): Promise<PageMeta> => {
  const meta = await describePage(app, pathname, status, creator);
  // A missing studio is still the studio page (its 'Creator Not Found'); any other 404 is the not-found page.
  const isRoutePage = status !== 404 || STUDIO_PATH.test(pathname);
  return { ...meta, preload: isRoutePage ? routePreloads(pathname) : notFoundPreloads() };
};

const creatorNotFound = (site: string): PageMeta => ({ title: `Creator Not Found · ${site}`, description: `This creator's studio is not available on ${site}.`, noindex: true });

const describePage = async (app: FastifyInstance, pathname: string, status: number, known?: PublicCreator): Promise<PageMeta> => {
  const site = app.config.SITE_NAME;
  if (status === 404) {
    return STUDIO_PATH.test(pathname) ? creatorNotFound(site) : { title: `Page not found · ${site}`, description: `This page does not exist on ${site}.`, noindex: true };
  }
  const url = `${app.config.PUBLIC_URL}${pathname}`;
  const page = staticPages(site)[pathname];
  if (page) return { ...page, url };
  const studio = STUDIO_PATH.exec(pathname);
  // The studio could not be read (the page answers 503): it may well exist, so the title does not say it is missing.
  if (studio && status === 503 && !known) {
    return { title: `Creator Studio · ${site}`, description: `This studio could not be loaded just now. Try again in a moment.`, noindex: true };
  }
  if (studio) {
    // Only approved creators are described: a draft or pending studio must not leak a name or bio.
    const creator = await Promise.resolve()
      .then(() => known ?? findApprovedCreator(app.db, decodeURIComponent(studio[1])))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'studio meta lookup failed');
        return null;
      });
    if (creator) {
      const { aiTrainingOptOut } = await readPlatformSettings(app);
      const meta = studioMeta(app, creator, url);
      return aiTrainingOptOut ? { ...meta, tdmPolicy: aiPolicyUrl(app.config.PUBLIC_URL) } : meta;
    }
    return creatorNotFound(site);
  }
  return { title: site, description: `${site} — a curated marketplace of verified human creators.`, url };
};

export const injectPageMeta = (template: string, meta: PageMeta): string => {
  const tags = [
    `<title>${escapeAttr(meta.title)}</title>`,
    `<meta name="description" content="${escapeAttr(meta.description)}">`,
    `<meta property="og:title" content="${escapeAttr(meta.title)}">`,
    `<meta property="og:description" content="${escapeAttr(meta.description)}">`,
    `<meta property="og:type" content="${meta.type ?? 'website'}">`,
    ...(meta.url ? [`<meta property="og:url" content="${escapeAttr(meta.url)}">`, `<link rel="canonical" href="${escapeAttr(meta.url)}">`] : []),
    ...(meta.noindex ? ['<meta name="robots" content="noindex">'] : []),
    ...(meta.tdmPolicy ? ['<meta name="tdm-reservation" content="1">', `<meta name="tdm-policy" content="${escapeAttr(meta.tdmPolicy)}">`] : []),
    ...(meta.image ? [`<meta property="og:image" content="${escapeAttr(meta.image)}">`] : []),
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}">`,
  ].join('\n    ');
  // The route's own chunks join the modules boot.js preloads when it starts the app (decision 084).
  const preload = (meta.preload ?? []).map(escapeAttr).join(' ');
  return template
    .replace(/data-preload="([^"]*)"/, (_match, modules: string) => `data-preload="${[modules, preload].filter(Boolean).join(' ')}"`)
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<meta\s+name="description"[^>]*>/, '')
    .replace('</head>', `    ${tags}\n  </head>`);
};
