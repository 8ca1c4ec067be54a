import { describe, expect, it } from 'vitest';
import { parseIntroVideo } from './intro-video-source';

describe('parseIntroVideo', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('embeds YouTube link %s without cookies', (url, id) => {
    expect(parseIntroVideo(url)).toEqual({
      kind: 'youtube',
      id,
      embedUrl: `https://www.youtube-nocookie.com/embed/${id}?rel=0&autoplay=1`,
      pageUrl: `https://www.youtube.com/watch?v=${id}`,
    });
  });

  it.each([
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1', 'https://vimeo.com/76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1', 'https://vimeo.com/76979871'],
    ['https://player.vimeo.com/video/76979871', 'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1', 'https://vimeo.com/76979871'],
    ['https://vimeo.com/76979871/abc123def', 'https://player.vimeo.com/video/76979871?dnt=1&autoplay=1&h=abc123def', 'https://vimeo.com/76979871/abc123def'],
  ])('embeds Vimeo link %s with do-not-track', (url, embedUrl, pageUrl) => {
    expect(parseIntroVideo(url)).toMatchObject({ kind: 'vimeo', embedUrl, pageUrl });
  });

  it('plays direct video files over HTTPS or from this site in a native player', () => {
    expect(parseIntroVideo('https://cdn.example.com/intro.MP4')).toEqual({ kind: 'file', src: 'https://cdn.example.com/intro.MP4' });
    expect(parseIntroVideo('/files/videos/intro.webm')).toEqual({ kind: 'file', src: '/files/videos/intro.webm' });
    // Plain http from elsewhere is blocked by the CSP, so it becomes a link.
    expect(parseIntroVideo('http://cdn.example.com/intro.mp4')).toEqual({ kind: 'link', href: 'http://cdn.example.com/intro.mp4' });
  });

  it('falls back to a link, and ignores empty or unsafe values', () => {
    expect(parseIntroVideo('https://www.loom.com/share/abc')).toEqual({ kind: 'link', href: 'https://www.loom.com/share/abc' });
    expect(parseIntroVideo('https://www.youtube.com/watch?v=short')).toEqual({ kind: 'link', href: 'https://www.youtube.com/watch?v=short' });
    expect(parseIntroVideo('')).toBeNull();
    expect(parseIntroVideo(null)).toBeNull();
    expect(parseIntroVideo('javascript:alert(1)')).toBeNull();
  });
});
