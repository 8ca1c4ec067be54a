import { Checkbox } from '../../components/ui/checkbox';
import { FieldError } from '../../components/ui/label';
import { cn } from '../../lib/utils';

interface CheckboxGroupFieldProps<T extends string> {
  id: string;
  legend: string;
  hint?: string;
  options: readonly T[];
  value: readonly T[];
  onChange: (next: T[]) => void;
  labelFor?: (option: T) => string;
  error?: string;
  disabled?: boolean;
}

/** A multi-select as a group of checkboxes: a fieldset whose legend names it, one labelled box per option. */
export function CheckboxGroupField<T extends string>({
  id,
  legend,
  hint,
  options,
  value,
  onChange,
  labelFor = (option) => option,
  error,
  disabled,
}: CheckboxGroupFieldProps<T>) {
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const toggle = (option: T, checked: boolean) =>
    onChange(checked ? options.filter((candidate) => candidate === option || value.includes(candidate)) : value.filter((item) => item !== option));

  return (
    <fieldset className="grid gap-3" aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend className="mb-3 text-sm font-medium text-ink">{legend}</legend>
      {hint ? (
        <p id={`${id}-hint`} className="-mt-2 text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => {
          const optionId = `${id}-${option.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`;
          const checked = value.includes(option);
          return (
            <label
              key={option}
              htmlFor={optionId}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl border bg-surface px-3.5 py-3 text-[0.9375rem] transition-colors duration-150',
                checked ? 'border-accent bg-accent-soft/50' : 'border-border hover:border-border-strong',
                disabled && 'cursor-not-allowed opacity-60',
              )}
            >
              <Checkbox id={optionId} checked={checked} disabled={disabled} onCheckedChange={(next) => toggle(option, next === true)} />
              <span>{labelFor(option)}</span>
            </label>
          );
        })}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
