import { splitLinks } from '../../../domain/conversation-schemas';

/**
 * A message as text: http(s) addresses become links (opened in a new tab, without referrer or opener), everything
 * else stays text. Nothing is ever rendered as HTML.
 */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.value} target="_blank" rel="noopener noreferrer nofollow ugc" className="underline decoration-1 underline-offset-2 [overflow-wrap:anywhere]">
            {part.value}
          </a>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </>
  );
}
