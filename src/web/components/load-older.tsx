import { Button } from './ui/button';

/**
 * 'Show older …' under or above a list read a page at a time: the button (busy while the page loads) and, when the
 * last try failed, what happened, announced. The list itself stays as it was.
 */
export function LoadOlder({ label, busy, failedMessage, onLoad, className }: { label: string; busy: boolean; failedMessage: string | null; onLoad: () => void; className?: string }) {
  return (
    <div className={className ?? 'flex flex-col items-center gap-2'}>
      <Button variant="ghost" size="sm" busy={busy} onClick={onLoad}>
        {label}
      </Button>
      {failedMessage ? (
        <p role="alert" className="text-xs text-destructive">
          {failedMessage}
        </p>
      ) : null}
    </div>
  );
}
