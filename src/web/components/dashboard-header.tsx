import type { ReactNode } from 'react';
import { LogOut } from 'lucide-react';
import { useSignedInUser } from '../features/auth/signed-in-user';
import { useSignOut } from '../features/auth/use-sign-out';
import { RoleBadge } from './role-badge';
import { SealBadge } from './seal-badge';
import { Button } from './ui/button';

interface DashboardHeaderProps {
  title: string;
  subtitle?: string;
  /** Shows the Seal next to the name; only makers can hold it. */
  hasSeal?: boolean;
  actions?: ReactNode;
}

export function DashboardHeader({ title, subtitle, hasSeal = false, actions }: DashboardHeaderProps) {
  const user = useSignedInUser();
  const { signOut, isSigningOut } = useSignOut();

  return (
    <header className="border-b border-border pb-8">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2.5 text-sm text-muted-foreground">
            <span className="truncate font-medium text-ink">{user.name}</span>
            <RoleBadge role={user.role} />
            {hasSeal ? <SealBadge size="sm" /> : null}
          </div>
          <h1 className="mt-3 text-4xl sm:text-5xl">{title}</h1>
          {subtitle ? <p className="mt-3 text-lg text-muted-foreground">{subtitle}</p> : null}
        </div>
        <div className="flex shrink-0 items-center gap-3">
          {actions}
          <Button variant="secondary" size="sm" onClick={signOut} busy={isSigningOut} icon={<LogOut aria-hidden="true" />}>
            Sign out
          </Button>
        </div>
      </div>
    </header>
  );
}

/** The frame every guarded page shares. */
export function DashboardShell({ children }: { children: ReactNode }) {
  return <div className="mx-auto min-h-[60vh] max-w-6xl px-5 py-10 sm:px-8 md:py-14">{children}</div>;
}
