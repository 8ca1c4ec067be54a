import type { SignupRole } from '../../../domain/constants';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group';
import { FieldError } from '../../components/ui/label';
import { cn } from '../../lib/utils';

const ROLE_OPTIONS: readonly { value: SignupRole; label: string; description: string }[] = [
  { value: 'maker', label: 'Maker (Creative Producer)', description: 'Branding, design, writing and content you make yourself.' },
  { value: 'mind', label: 'Mind (Strategic Creative)', description: 'Brand strategy, art direction and storytelling.' },
  { value: 'client', label: 'Client (Brand Partner)', description: 'Hire verified human creators for your brand.' },
];

interface SignupRoleFieldProps {
  value: SignupRole;
  onChange: (role: SignupRole) => void;
  error?: string;
  disabled?: boolean;
}

const isSignupRole = (value: string): value is SignupRole => ROLE_OPTIONS.some((option) => option.value === value);

export function SignupRoleField({ value, onChange, error, disabled }: SignupRoleFieldProps) {
  return (
    <div className="grid gap-3">
      <p id="signup-role-label" className="text-sm font-medium text-ink">
        I am joining as
      </p>
      <RadioGroup
        name="role"
        value={value}
        onValueChange={(next) => isSignupRole(next) && onChange(next)}
        disabled={disabled}
        aria-labelledby="signup-role-label"
        aria-describedby={error ? 'signup-role-error' : undefined}
        aria-invalid={error ? true : undefined}
        className="gap-2.5"
      >
        {ROLE_OPTIONS.map((option) => {
          const id = `signup-role-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className={cn(
                'flex cursor-pointer items-start gap-3.5 rounded-xl border bg-surface px-4 py-3.5 transition-colors duration-150',
                value === option.value ? 'border-accent bg-accent-soft/50' : 'border-border hover:border-border-strong',
              )}
            >
              <RadioGroupItem
                id={id}
                value={option.value}
                aria-labelledby={`${id}-label`}
                aria-describedby={`${id}-description`}
                className="mt-0.5"
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
      </RadioGroup>
      <FieldError id="signup-role-error" message={error} />
    </div>
  );
}
