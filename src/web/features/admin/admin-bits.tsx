import type { ComponentProps, ReactNode } from 'react';
import { ADMIN_MESSAGES } from '../../../domain/admin-schemas';
import type { ProjectStatus } from '../../../domain/constants';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { LoadOlder } from '../../components/load-older';
import { Badge, type BadgeProps } from '../../components/ui/badge';
import { cn } from '../../lib/utils';
import { formatDateTime, initialsOf } from './format';

/** A person's picture, or their initials on paper when they have none. Decorative: the name is always beside it. */
export function PersonAvatar({ name, url, size = 'md' }: { name: string; url: string | null; size?: 'sm' | 'md' }) {
  const box = size === 'sm' ? 'size-9 text-xs' : 'size-12 text-sm';
  if (url) return <img src={url} alt="" className={cn('shrink-0 rounded-full border border-border object-cover', box)} loading="lazy" />;
  return (
    <span aria-hidden="true" className={cn('inline-flex shrink-0 items-center justify-center rounded-full bg-muted font-semibold text-muted-foreground', box)}>
      {initialsOf(name)}
    </span>
  );
}

/** A tab's heading and the sentence under it. The heading takes focus by script when the last card of its list is decided. */
export function SectionHeading({ id, title, description, actions }: { id: string; title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h2 id={id} tabIndex={-1} className="text-2xl sm:text-3xl">
          {title}
        </h2>
        {description ? <p className="mt-1.5 text-muted-foreground">{description}</p> : null}
      </div>
      {actions}
    </div>
  );
}

const PROJECT_STATUS: Record<ProjectStatus, { label: string; variant: BadgeProps['variant'] }> = {
  draft: { label: 'Draft', variant: 'muted' },
  active: { label: 'Active', variant: 'accent' },
  in_review: { label: 'In review', variant: 'outline' },
  completed: { label: 'Completed', variant: 'solid' },
  cancelled: { label: 'Cancelled', variant: 'destructive' },
};

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  const { label, variant } = PROJECT_STATUS[status];
  return <Badge variant={variant}>{label}</Badge>;
}

export function RowCard({ children, className, ...props }: ComponentProps<'li'>) {
  return (
    <li className={cn('rounded-2xl border border-border bg-surface p-5 sm:p-6', className)} {...props}>
      {children}
    </li>
  );
}

/** Who reported, why, and when: the head of a message report and of a review report. */
export function ReportedBy({ report }: { report: { reporter: { name: string }; reason: string | null; createdAt: string } }) {
  return (
    <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
      <p className="min-w-0 wrap-anywhere text-ink">
        Reported by <span className="font-medium">{report.reporter.name}</span>
        {report.reason ? <span className="text-muted-foreground"> · “{report.reason}”</span> : null}
      </p>
      <time dateTime={report.createdAt} className="text-sm text-muted-foreground">
        {formatDateTime(report.createdAt)}
      </time>
    </div>
  );
}

/** What a list needs of its query: whether it is loading or failed, and how to ask again. */
interface ListQuery {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * An admin list read from a query: a skeleton while it loads, the load error with 'Try again', the empty state when
 * there is nothing, else the rows as a labelled list. Each row renders its own `<li>` (a RowCard) with its key.
 */
export function QueryList<T>({
  query,
  rows,
  label,
  empty,
  renderRow,
}: {
  query: ListQuery;
  rows: T[] | undefined;
  label: string;
  empty: { title: string; description?: ReactNode };
  renderRow: (row: T) => ReactNode;
}) {
  if (query.isPending) return <ListSkeleton rows={2} />;
  if (query.isError) return <ErrorState message={ADMIN_MESSAGES.loadFailed} onRetry={() => void query.refetch()} />;
  if (!rows || rows.length === 0) return <EmptyState title={empty.title} description={empty.description} />;
  return (
    <ul className="space-y-3" aria-label={label}>
      {rows.map(renderRow)}
    </ul>
  );
}

/** What 'Load more' needs of a list read a page at a time. */
interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

export const LOAD_MORE_FAILED = 'More could not be loaded. Please try again.';

/**
 * 'Load more …' under a list read a keyset page at a time (decision 229): there while a next page is, busy while it
 * loads, and, when it failed, saying so (announced) beside the button to try again; the rows read so far stay.
 */
export function LoadMore({ query, label }: { query: PagedQuery; label: string }) {
  if (!query.hasNextPage) return null;
  return (
    <LoadOlder
      className="mt-4 flex flex-col items-center gap-2"
      label={label}
      busy={query.isFetchingNextPage}
      onLoad={() => void query.fetchNextPage()}
      failedMessage={query.isFetchNextPageError ? LOAD_MORE_FAILED : null}
    />
  );
}
