import type { ComponentProps } from 'react';
import { RadioGroup as RadioGroupPrimitive } from 'radix-ui';
import { cn } from '../../lib/utils';

export function RadioGroup({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Root>) {
  return <RadioGroupPrimitive.Root className={cn('grid gap-3', className)} {...props} />;
}

export function RadioGroupItem({ className, ...props }: ComponentProps<typeof RadioGroupPrimitive.Item>) {
  return (
    <RadioGroupPrimitive.Item
      className={cn(
        'peer inline-flex size-5 shrink-0 items-center justify-center rounded-full border border-border-strong bg-surface transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-60 data-[state=checked]:border-accent',
        className,
      )}
      {...props}
    >
      <RadioGroupPrimitive.Indicator className="size-2.5 rounded-full bg-accent" />
    </RadioGroupPrimitive.Item>
  );
}

/**
 * A native radio button drawn like RadioGroupItem. It works before the app's scripts run and posts with its form
 * (Radix's radio adds its form input only in the browser), so forms that post natively use it (decision 105).
 */
export function NativeRadio({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return (
    <input
      type="radio"
      className={cn(
        'peer size-5 shrink-0 cursor-pointer appearance-none rounded-full border border-border-strong bg-surface transition-colors duration-150 checked:border-accent checked:bg-accent checked:shadow-[inset_0_0_0_4px_var(--color-surface)] disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
