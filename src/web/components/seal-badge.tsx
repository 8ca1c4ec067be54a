import { cn } from '../lib/utils';
import { SealMark } from './seal-mark';
import { useTooltip } from './ui/tooltip';

export const SEAL_TITLE = 'Verified Human Creator';
export const SEAL_DESCRIPTION = 'This creator has completed 3+ verified projects with documented process work';

const sizes = { sm: 'size-6', md: 'size-8', lg: 'size-11' } as const;

/** The Seal, identical on cards, studios and dashboard headers. Focusable so keyboard users get the tooltip too. */
export function SealBadge({ size = 'md', className }: { size?: keyof typeof sizes; className?: string }) {
  const { trigger, tooltip } = useTooltip<HTMLSpanElement>(
    <>
      <p className="font-semibold">{SEAL_TITLE}</p>
      <p className="mt-1 text-paper/80">{SEAL_DESCRIPTION}</p>
    </>,
  );
  return (
    <>
      <span
        role="img"
        tabIndex={0}
        aria-label={SEAL_TITLE}
        {...trigger}
        className={cn('inline-flex shrink-0 cursor-help rounded-full text-accent', sizes[size], className)}
      >
        <SealMark className="size-full drop-shadow-[0_1px_1px_rgba(28,27,25,0.18)]" />
      </span>
      {tooltip}
    </>
  );
}
