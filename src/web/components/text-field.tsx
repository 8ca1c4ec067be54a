import type { ComponentProps } from 'react';
import { cn } from '../lib/utils';
import { Input } from './ui/input';
import { FieldError, Label } from './ui/label';

export type TextFieldProps = ComponentProps<'input'> & {
  id: string;
  label: string;
  error?: string;
  hint?: string;
};

/** A labelled input whose hint and error are announced with it. */
export function TextField({ id, label, error, hint, className, ...inputProps }: TextFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...inputProps} />
      {hint && !error ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** An email address, with the browser's email keyboard and autofill: sign-up, log-in, password reset and contact. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'autoComplete' | 'inputMode'>) {
  return <TextField label="Email" type="email" autoComplete="email" inputMode="email" {...props} />;
}
