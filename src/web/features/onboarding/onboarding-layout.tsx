import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DashboardHeader, DashboardShell } from '../../components/dashboard-header';
import { ErrorState, ListSkeleton } from '../../components/list-states';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';

interface OnboardingLayoutProps {
  title: string;
  subtitle: string;
  steps: readonly { title: string; body: string }[];
  children: ReactNode;
}

/** An onboarding page: the form on paper, and beside it what happens after submitting. */
export function OnboardingLayout({ title, subtitle, steps, children }: OnboardingLayoutProps) {
  return (
    <DashboardShell>
      <DashboardHeader title={title} subtitle={subtitle} />
      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_18rem] lg:gap-14">
        <Card className="p-5 sm:p-8 md:p-10">{children}</Card>
        <aside aria-labelledby="onboarding-next-heading" className="lg:sticky lg:top-28 lg:self-start lg:pt-2">
          <p id="onboarding-next-heading" className="eyebrow text-accent-strong">
            What happens next
          </p>
          <ol className="mt-5 grid gap-5">
            {steps.map((step, index) => (
              <li key={step.title} className="grid grid-cols-[2rem_1fr] gap-3">
                <span aria-hidden="true" className="font-serif text-2xl leading-none text-accent">
                  {index + 1}
                </span>
                <span>
                  <span className="block font-medium text-ink">{step.title}</span>
                  <span className="mt-1 block text-sm leading-relaxed text-muted-foreground">{step.body}</span>
                </span>
              </li>
            ))}
          </ol>
        </aside>
      </div>
    </DashboardShell>
  );
}

export function OnboardingLoading() {
  return <ListSkeleton rows={4} />;
}

export function OnboardingLoadError({ onRetry }: { onRetry: () => void }) {
  return <ErrorState message="We couldn't load your profile. Please try again." onRetry={onRetry} />;
}

/** Shown instead of the form once there is nothing left to onboard. */
export function OnboardingDone({ title, body, dashboardPath }: { title: string; body: string; dashboardPath: string }) {
  return (
    <div className="py-6 text-center">
      <h2 className="text-3xl">{title}</h2>
      <p className="mx-auto mt-3 max-w-md text-muted-foreground">{body}</p>
      <Button asChild size="lg" className="mt-7">
        <Link to={dashboardPath}>Go to your dashboard</Link>
      </Button>
    </div>
  );
}
