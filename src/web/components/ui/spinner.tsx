import type { ComponentProps } from 'react';
import { LoaderCircle } from 'lucide-react';
import { cn } from '../../lib/utils';

export function Spinner({ className, label = 'Loading', ...props }: ComponentProps<'span'> & { label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center text-accent', className)} {...props}>
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function PageSpinner() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Spinner className="[&_svg]:size-8" />
    </div>
  );
}
