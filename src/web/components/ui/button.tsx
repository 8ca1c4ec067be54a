import { useContext, type ComponentProps, type ReactNode } from 'react';
import { LoaderCircle } from 'lucide-react';
import { cva, type VariantProps } from 'class-variance-authority';
import { useHydrated } from '../../lib/use-hydrated';
import { cn } from '../../lib/utils';
import { ServerFormContext } from '../server-form';
import { Slot } from './slot';

export const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-full font-medium transition-colors duration-150 disabled:pointer-events-none disabled:opacity-60 aria-busy:cursor-progress [&_svg]:pointer-events-none [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-accent text-accent-foreground hover:bg-accent-hover',
        secondary: 'border border-ink/80 bg-transparent text-ink hover:bg-ink hover:text-paper',
        ghost: 'bg-transparent text-ink hover:bg-muted',
        inverse: 'bg-paper text-ink hover:bg-accent-soft',
        destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
        link: 'rounded-sm px-0 text-accent-strong underline-offset-4 hover:underline',
      },
      size: {
        sm: 'h-9 px-4 text-sm [&_svg]:size-4',
        md: 'h-11 px-6 text-[0.9375rem] [&_svg]:size-4',
        lg: 'h-13 px-8 text-base [&_svg]:size-5',
        icon: 'size-11 [&_svg]:size-5',
      },
    },
    compoundVariants: [{ variant: 'link', className: 'h-auto px-0' }],
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the child element (e.g. a router Link) with button styling. */
    asChild?: boolean;
    /** Working on it: the button is disabled, says so to assistive technology, and shows a spinner in place of its icon. */
    busy?: boolean;
    /** The icon before the label, replaced by the spinner while busy. */
    icon?: ReactNode;
  };

export function Button({ className, variant, size, asChild = false, type, disabled: disabledProp, busy, icon, children, ...props }: ButtonProps) {
  const disabled = busy ? true : disabledProp;
  // Until the app has taken over the server's first paint, a submit button waits (looking as it will): the form
  // has no handler yet, and the browser's own submission would send the fields in the URL (decision 084). A form
  // the server takes by itself (ServerForm, decision 105) posts natively instead, so its button never waits.
  const hydrated = useHydrated();
  const postsToServer = useContext(ServerFormContext);
  const waitingForApp = type === 'submit' && !hydrated && !disabled && !postsToServer;
  if (asChild)
    return (
      <Slot className={cn(buttonVariants({ variant, size }), className)} {...props} {...(disabled === undefined ? {} : { disabled })}>
        {children}
      </Slot>
    );
  return (
    <button
      type={type ?? 'button'}
      disabled={disabled || waitingForApp}
      className={cn(buttonVariants({ variant, size }), waitingForApp && 'disabled:pointer-events-auto disabled:opacity-100', className)}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : icon}
      {children}
    </button>
  );
}
