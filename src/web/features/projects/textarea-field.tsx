import type { ComponentProps } from 'react';
import { FieldError, Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';

type TextareaFieldProps = ComponentProps<'textarea'> & { id: string; label: string; error?: string; hint?: string };

/** A labelled textarea whose hint and error are announced with it. */
export function TextareaField({ id, label, error, hint, ...props }: TextareaFieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
