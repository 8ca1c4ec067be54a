import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { MARKETPLACE_MESSAGES } from '../../domain/marketplace';
import { ErrorState } from '../components/list-states';
import { Button } from '../components/ui/button';
import { Skeleton } from '../components/ui/skeleton';
import { CtaBand } from '../features/marketing/blocks';
import { fetchStudio, studioQueryKey } from '../features/marketplace/api';
import { GetStartedButton } from '../features/studio/hire-actions';
import { PortfolioGrid } from '../features/studio/portfolio-grid';
import { StudioProfile } from '../features/studio/studio-profile';
import { StudioReviews } from '../features/studio/studio-reviews';
import { useNotFoundStatus } from '../lib/page-status';
import { useSession } from '../lib/session';
import { usePageTitle } from '../lib/use-page-title';

function CreatorNotFound() {
  useNotFoundStatus();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-5 py-24 text-center sm:py-32">
      <h1 className="text-4xl sm:text-5xl">{MARKETPLACE_MESSAGES.notFound}</h1>
      <p className="mt-4 text-lg text-muted-foreground">This studio does not exist, or it is not open to the public yet.</p>
      <Button asChild variant="secondary" className="mt-10">
        <Link to="/marketplace">
          <ArrowLeft aria-hidden="true" />
          Back to the Marketplace
        </Link>
      </Button>
    </section>
  );
}

/** Holds the studio's shape while it loads, so nothing below it jumps when it arrives. */
function StudioSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading studio" className="mx-auto min-h-dvh max-w-6xl px-5 pt-12 sm:px-8 md:pt-20">
      <div className="grid gap-12 md:grid-cols-[1.35fr_1fr] md:gap-16">
        <div className="space-y-5">
          <Skeleton className="size-24 rounded-full" />
          <Skeleton className="h-14 w-3/4" />
          <Skeleton className="h-5 w-full" />
          <Skeleton className="h-5 w-5/6" />
        </div>
        <Skeleton className="h-48 rounded-2xl" />
      </div>
      <div className="mt-20 grid grid-cols-2 gap-5 lg:grid-cols-3">
        {Array.from({ length: 3 }, (_, index) => (
          <Skeleton key={index} className="aspect-[4/3] rounded-xl" />
        ))}
      </div>
    </div>
  );
}

const STATUS_NOTE: Record<string, string> = {
  draft: 'The application has not been submitted yet.',
  pending: 'The application is waiting for review.',
  rejected: 'The application was not approved; the profile can be updated and submitted again.',
};

export function StudioPage() {
  const { userId = '' } = useParams();
  const [params] = useSearchParams();
  const { user } = useSession();
  const query = useQuery({ queryKey: studioQueryKey(userId), queryFn: ({ signal }) => fetchStudio(userId, signal) });
  const isNotFound = query.data === null;
  usePageTitle(query.data?.name ?? (isNotFound ? MARKETPLACE_MESSAGES.notFound : 'Creator Studio'));

  // A client who logged in from this studio's hire button comes back with ?hire=1: continue to the hire.
  if (params.get('hire') === '1' && user?.role === 'client') {
    return <Navigate to={`/dashboard-client?hire=${encodeURIComponent(userId)}`} replace />;
  }
  if (query.isPending) return <StudioSkeleton />;
  if (query.isError) return <div className="mx-auto max-w-2xl px-5 py-24"><ErrorState message="This studio could not be loaded." onRetry={() => void query.refetch()} /></div>;

  const studio = query.data;
  if (studio === null) return <CreatorNotFound />;
  return (
    <>
      {studio.isPreview ? (
        <div role="status" className="border-b border-border bg-accent-soft">
          <p className="mx-auto max-w-6xl px-5 py-3 text-sm text-accent-strong sm:px-8">
            Preview: this studio is not public yet. {STATUS_NOTE[studio.applicationStatus] ?? ''}
          </p>
        </div>
      ) : null}
      <StudioProfile studio={studio} />
      <section aria-labelledby="portfolio-heading" className="mx-auto max-w-6xl px-5 pb-20 sm:px-8 md:pb-28">
        <h2 id="portfolio-heading" className="mb-8 border-t border-border pt-12 text-3xl sm:text-4xl">
          Portfolio
        </h2>
        <PortfolioGrid items={studio.portfolio} creatorName={studio.name} />
      </section>
      <StudioReviews studio={studio} />
      <CtaBand id="studio-cta-heading" title={`Work with ${studio.name}`} actions={<GetStartedButton creatorId={studio.id} />}>
        <p>Start a project with your brief and budget. {studio.name.split(' ')[0]} reviews it, and once they accept you work together from your dashboard.</p>
      </CtaBand>
    </>
  );
}
