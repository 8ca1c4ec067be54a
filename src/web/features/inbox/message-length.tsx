import { MESSAGE_MAX_LENGTH } from '../../../domain/conversation-schemas';
import { cn } from '../../lib/utils';

/** From this many characters the count shows, so a long message is not cut short without warning. */
export const MESSAGE_COUNT_FROM = MESSAGE_MAX_LENGTH - 500;

const format = (count: number) => count.toLocaleString('en-US');

/** The length of a message near the limit ("4,620 / 5,000"), read politely by screen readers; nothing below it. */
export function MessageLength({ id, length }: { id: string; length: number }) {
  if (length < MESSAGE_COUNT_FROM) return null;
  const over = length > MESSAGE_MAX_LENGTH;
  return (
    <p id={id} aria-live="polite" className={cn('text-xs tabular-nums', over ? 'text-destructive' : 'text-muted-foreground')}>
      {format(length)} / {format(MESSAGE_MAX_LENGTH)}
      {over ? ` · ${format(length - MESSAGE_MAX_LENGTH)} over` : null}
    </p>
  );
}
