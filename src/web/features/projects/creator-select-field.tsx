import { ROLE_LABELS } from '../../../domain/constants';
import type { CreatorOption } from '../../../domain/client-dashboard-schemas';
import { FieldError, Label } from '../../components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';

/** Radix Select needs a non-empty value for every item; this one stands for "no creator yet". */
const NO_CREATOR = 'none';

interface CreatorSelectFieldProps {
  id: string;
  label: string;
  options: CreatorOption[] | undefined;
  isLoading: boolean;
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  error?: string;
  hint?: string;
  /** Offer "No creator yet" (project creation) or require a choice (assignment). */
  allowNone: boolean;
  disabled?: boolean;
}


export function CreatorSelectField({ id, label, options, isLoading, value, onChange, error, hint, allowNone, disabled }: CreatorSelectFieldProps) {
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select
        value={value ?? (allowNone ? NO_CREATOR : '')}
        onValueChange={(next) => onChange(next === NO_CREATOR ? null : next)}
        disabled={disabled || isLoading}
      >
        <SelectTrigger id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
          <SelectValue placeholder={isLoading ? 'Loading creators…' : 'Choose a creator'} />
        </SelectTrigger>
        <SelectContent>
          {allowNone ? <SelectItem value={NO_CREATOR}>No creator yet</SelectItem> : null}
          {(options ?? []).map((option) => (
            <SelectItem key={option.id} value={option.id}>
              {option.name} · {ROLE_LABELS[option.role]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
