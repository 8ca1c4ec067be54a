import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';
import { fieldControlClass } from './input';

export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(fieldControlClass, 'min-h-24 resize-y py-2.5 leading-relaxed', className)} {...props} />;
}
