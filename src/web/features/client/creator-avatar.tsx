import { cn } from '../../lib/utils';

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** The creator's photo, or their initials on warm paper when they have none. */
export function CreatorAvatar({ name, url, className }: { name: string; url: string | null; className?: string }) {
  if (url) return <img src={url} alt="" className={cn('size-14 shrink-0 rounded-full object-cover', className)} />;
  return (
    <span
      aria-hidden="true"
      className={cn('inline-flex size-14 shrink-0 items-center justify-center rounded-full bg-accent-soft font-serif text-lg text-accent-strong', className)}
    >
      {initialsOf(name) || '?'}
    </span>
  );
}
