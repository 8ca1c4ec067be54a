/**
 * How a creator's intro video can be shown: a file in a <video>, a privacy-friendly embed, or just a link. An
 * embed's `pageUrl` is the video's page on its host, where its play control leads before the app's scripts run.
 */
export type IntroVideoSource =
  | { kind: 'file'; src: string }
  | { kind: 'youtube'; id: string; embedUrl: string; pageUrl: string }
  | { kind: 'vimeo'; id: string; embedUrl: string; pageUrl: string }
  | { kind: 'link'; href: string };

const VIDEO_FILE = /\.(mp4|m4v|webm|ogv|ogg|mov)$/i;
const YOUTUBE_ID = /^[\w-]{11}$/;

const youtubeId = (url: URL): string | null => {
  const host = url.hostname.replace(/^(www\.|m\.)/, '');
  if (host === 'youtu.be') return url.pathname.split('/')[1] ?? null;
  if (host !== 'youtube.com' && host !== 'youtube-nocookie.com') return null;
  if (url.pathname === '/watch') return url.searchParams.get('v');
  const match = /^\/(embed|shorts|live|v)\/([^/]+)/.exec(url.pathname);
  return match ? match[2] : null;
};

const vimeo = (url: URL): { id: string; hash: string | null } | null => {
  const host = url.hostname.replace(/^www\./, '');
  if (host !== 'vimeo.com' && host !== 'player.vimeo.com') return null;
  const parts = url.pathname.split('/').filter(Boolean);
  const index = parts.findIndex((part) => /^\d+$/.test(part));
  if (index === -1) return null;
  const next = parts[index + 1];
  return { id: parts[index], hash: url.searchParams.get('h') ?? (next && /^[\da-f]+$/i.test(next) ? next : null) };
};

/**
 * YouTube plays from youtube-nocookie.com and Vimeo with do-not-track, the only frame sources the CSP allows.
 * Video files play in a native player when served over HTTPS or from this site (a path such as /files/…, kept
 * as a path, so the answer is the same on the server's first paint and in the browser).
 */
const THIS_SITE = 'https://this-site.invalid';

export const parseIntroVideo = (raw: string | null | undefined): IntroVideoSource | null => {
  const value = raw?.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value, THIS_SITE);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const yt = youtubeId(url);
  if (yt && YOUTUBE_ID.test(yt)) {
    return {
      kind: 'youtube',
      id: yt,
      embedUrl: `https://www.youtube-nocookie.com/embed/${yt}?rel=0&autoplay=1`,
      pageUrl: `https://www.youtube.com/watch?v=${yt}`,
    };
  }
  const vm = vimeo(url);
  if (vm) {
    const hash = vm.hash ? `&h=${vm.hash}` : '';
    return {
      kind: 'vimeo',
      id: vm.id,
      embedUrl: `https://player.vimeo.com/video/${vm.id}?dnt=1&autoplay=1${hash}`,
      pageUrl: `https://vimeo.com/${vm.id}${vm.hash ? `/${vm.hash}` : ''}`,
    };
  }
  const isOwn = url.origin === THIS_SITE;
  const href = isOwn ? `${url.pathname}${url.search}${url.hash}` : url.href;
  if (VIDEO_FILE.test(url.pathname) && (isOwn || url.protocol === 'https:')) return { kind: 'file', src: href };
  return { kind: 'link', href };
};
