import type { ReactNode } from 'react';
import { Checkbox } from '../../components/ui/checkbox';
import { FieldError } from '../../components/ui/label';

/** The terms checkbox of the mind and client onboarding (makers have none). */
interface TermsFieldProps {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string;
  /** What accepting means for this role, after 'I accept the terms and conditions'. */
  children: ReactNode;
}

export function TermsField({ id, checked, onChange, error, children }: TermsFieldProps) {
  return (
    <div className="grid gap-2">
      <div className="flex items-start gap-3 rounded-xl border border-border bg-surface p-4">
        <Checkbox
          id={id}
          checked={checked}
          onCheckedChange={(next) => onChange(next === true)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5"
        />
        <label htmlFor={id} className="text-[0.9375rem] leading-relaxed text-ink">
          I accept the terms and conditions: {children}
        </label>
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
