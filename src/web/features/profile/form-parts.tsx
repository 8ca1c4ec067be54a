import type { ComponentProps, ReactNode } from 'react';
import { TextField, type TextFieldProps } from '../../components/text-field';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/textarea';
import { FieldError, Label } from '../../components/ui/label';
import { cn } from '../../lib/utils';

/** A titled group of fields inside a long form. */
export function FormSection({ title, description, children, className }: { title: string; description?: string; children: ReactNode; className?: string }) {
  return (
    <section className={cn('grid gap-6 border-t border-border pt-8 first:border-t-0 first:pt-0', className)}>
      <div>
        <h2 className="text-2xl">{title}</h2>
        {description ? <p className="mt-1.5 text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

type TextareaFieldProps = ComponentProps<'textarea'> & { id: string; label: string; hint?: string; error?: string; counter?: { value: number; max: number } };

export function TextareaField({ id, label, hint, error, counter, className, ...props }: TextareaFieldProps) {
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label htmlFor={id}>{label}</Label>
        {counter ? (
          <span className={cn('text-xs tabular-nums', counter.value > counter.max ? 'text-destructive' : 'text-muted-foreground')}>
            {counter.value}/{counter.max}
          </span>
        ) : null}
      </div>
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

/** A link field: the URL keyboard on phones, and 'https://' as the example. */
export function UrlField(props: TextFieldProps) {
  return <TextField type="url" inputMode="url" placeholder="https://" {...props} />;
}

/** The foot of a profile form: any other actions (`children`), then the submit button, busy while it saves. */
export function ProfileFormActions({
  isSubmitting,
  submitLabel,
  submitClassName,
  children,
}: {
  isSubmitting: boolean;
  submitLabel: string;
  submitClassName?: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col-reverse gap-3 border-t border-border pt-8 sm:flex-row sm:justify-end">
      {children}
      <Button type="submit" size="lg" className={submitClassName} busy={isSubmitting}>
        {submitLabel}
      </Button>
    </div>
  );
}
