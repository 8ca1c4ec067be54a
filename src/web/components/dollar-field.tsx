import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/utils';
import { Input } from './ui/input';
import { FieldError, Label } from './ui/label';

export type DollarFieldProps = Omit<ComponentProps<'input'>, 'id' | 'className'> & {
  id: string;
  label: string;
  /** Stays on screen with the error: it says the range the error refers to. */
  hint: ReactNode;
  error?: string;
  className?: string;
};

/** A labelled amount in US dollars, typed as a figure after a "$"; its hint and error are announced with it. */
export function DollarField({ id, label, hint, error, className, ...inputProps }: DollarFieldProps) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-muted-foreground">
          $
        </span>
        <Input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          className="pl-7 tabular-nums"
          {...inputProps}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
      </div>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {hint}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
