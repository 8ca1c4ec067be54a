import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

export const fieldControlClass =
  'w-full rounded-lg border border-border-strong bg-surface px-3.5 text-base text-ink placeholder:text-muted-foreground transition-[border-color,box-shadow] duration-150 hover:border-ink/70 focus-visible:border-accent focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-accent/25 disabled:cursor-not-allowed disabled:opacity-60 aria-[invalid=true]:border-destructive aria-[invalid=true]:focus-visible:ring-destructive/20';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldControlClass, 'h-11', className)} {...props} />;
}
