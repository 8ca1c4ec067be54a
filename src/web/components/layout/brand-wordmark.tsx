import { Link } from 'react-router';
import { DEFAULT_SITE_NAME } from '../../../domain/constants';
import { cn } from '../../lib/utils';
import { SealMark } from '../seal-mark';

export function BrandWordmark({ className, tone = 'ink' }: { className?: string; tone?: 'ink' | 'paper' }) {
  return (
    <Link
      to="/"
      className={cn(
        'inline-flex items-center gap-2 rounded-md font-serif text-[1.375rem] font-medium tracking-tight',
        tone === 'ink' ? 'text-ink' : 'text-paper',
        className,
      )}
    >
      <SealMark className={cn('size-7', tone === 'ink' ? 'text-accent' : 'text-accent-light')} />
      <span>{DEFAULT_SITE_NAME}</span>
    </Link>
  );
}
