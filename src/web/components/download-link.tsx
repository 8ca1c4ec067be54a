import type { ComponentProps } from 'react';
import { Download } from 'lucide-react';
import { cn } from '../lib/utils';

/** A file (an invoice, a receipt, a delivery) opened in a new tab, shown as a small accent link with a download icon. */
export function DownloadLink({ className, children, ...props }: Omit<ComponentProps<'a'>, 'target' | 'rel'>) {
  return (
    <a
      target="_blank"
      rel="noopener noreferrer"
      className={cn('inline-flex w-fit items-center gap-1.5 rounded-sm text-sm font-medium text-accent-strong underline-offset-4 hover:underline', className)}
      {...props}
    >
      <Download aria-hidden="true" className="size-4" />
      {children}
    </a>
  );
}
