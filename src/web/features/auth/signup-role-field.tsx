import type { ComponentProps } from 'react';
import type { SignupRole } from '../../../domain/constants';
import { NativeRadio } from '../../components/ui/radio-group';
import { FieldError } from '../../components/ui/label';

const ROLE_OPTIONS: readonly { value: SignupRole; label: string; description: string }[] = [
  { value: 'maker', label: 'Maker (Creative Producer)', description: 'Branding, design, writing and content you make yourself.' },
  { value: 'mind', label: 'Mind (Strategic Creative)', description: 'Brand strategy, art direction and storytelling.' },
  { value: 'client', label: 'Client (Brand Partner)', description: 'Hire verified human creators for your brand.' },
];

type SignupRoleFieldProps = Omit<ComponentProps<'input'>, 'type' | 'value' | 'defaultValue'> & {
  /** The role chosen when the form appears. */
  defaultRole: SignupRole;
  error?: string;
};

/**
 * The three roles as native radio buttons in one group, so a choice made before the app's scripts run is kept and
 * posted (decision 105). The chosen card is drawn from the input's own state (`has-checked`), not from a render.
 */
export function SignupRoleField({ defaultRole, error, ...inputProps }: SignupRoleFieldProps) {
  return (
    <div className="grid gap-3">
      <p id="signup-role-label" className="text-sm font-medium text-ink">
        I am joining as
      </p>
      <div
        role="radiogroup"
        aria-labelledby="signup-role-label"
        aria-describedby={error ? 'signup-role-error' : undefined}
        aria-invalid={error ? true : undefined}
        className="grid gap-2.5"
      >
        {ROLE_OPTIONS.map((option) => {
          const id = `signup-role-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className="flex cursor-pointer items-start gap-3.5 rounded-xl border border-border bg-surface px-4 py-3.5 transition-colors duration-150 hover:border-border-strong has-checked:border-accent has-checked:bg-accent-soft/50 has-focus-visible:ring-3 has-focus-visible:ring-accent/25"
            >
              <NativeRadio
                id={id}
                value={option.value}
                defaultChecked={option.value === defaultRole}
                aria-labelledby={`${id}-label`}
                aria-describedby={`${id}-description`}
                className="mt-0.5"
                {...inputProps}
              />
              <span className="grid gap-0.5">
                <span id={`${id}-label`} className="text-[0.9375rem] font-medium leading-snug text-ink">
                  {option.label}
                </span>
                <span id={`${id}-description`} className="text-sm leading-snug text-muted-foreground">
                  {option.description}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      <FieldError id="signup-role-error" message={error} />
    </div>
  );
}
