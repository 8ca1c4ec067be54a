import { useState } from 'react';
import { ExternalLink, Play } from 'lucide-react';
import { parseIntroVideo } from './intro-video-source';

/**
 * The creator's intro video. A file plays in the browser's own player. An embed loads only when the visitor
 * presses play, so opening a studio contacts no video host and the page stays light; its play control is a link
 * to the video's page on its host, which is where it leads before the app's scripts run or without them.
 */
export function IntroVideo({ url, name }: { url: string | null; name: string }) {
  const [isPlaying, setIsPlaying] = useState(false);
  const source = parseIntroVideo(url);
  if (!source) return null;
  const title = `Intro video of ${name}`;

  if (source.kind === 'link') {
    return (
      <a href={source.href} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-2 rounded-sm font-medium text-accent-strong underline underline-offset-4">
        Watch the intro video
        <ExternalLink aria-hidden="true" className="size-4" />
        <span className="sr-only">(opens in a new tab)</span>
      </a>
    );
  }
  if (source.kind === 'file') {
    return (
      <video controls preload="metadata" className="aspect-video w-full rounded-2xl bg-ink" aria-label={title}>
        <source src={source.src} />
        <a href={source.src}>Download the intro video</a>
      </video>
    );
  }
  if (isPlaying) {
    return (
      <iframe
        src={source.embedUrl}
        title={title}
        className="aspect-video w-full rounded-2xl bg-ink"
        allow="autoplay; fullscreen; picture-in-picture; encrypted-media"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }
  const host = source.kind === 'youtube' ? 'YouTube' : 'Vimeo';
  return (
    <a
      href={source.pageUrl}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        setIsPlaying(true);
      }}
      className="group relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-2xl bg-ink text-paper"
    >
      <span className="absolute inset-0 bg-[radial-gradient(circle_at_30%_20%,rgba(232,168,138,0.35),transparent_60%)]" aria-hidden="true" />
      <span className="relative flex flex-col items-center gap-3">
        <span className="flex size-16 items-center justify-center rounded-full bg-paper text-ink transition-transform duration-150 group-hover:scale-105 motion-reduce:transition-none">
          <Play aria-hidden="true" className="ml-1 size-7" />
        </span>
        <span className="font-medium">Play intro video</span>
        <span className="text-sm text-paper-muted">Plays from {host}</span>
      </span>
    </a>
  );
}
