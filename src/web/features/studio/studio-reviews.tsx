import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { CATEGORY_LABELS, studioQueryKey, type StudioData } from '../../../domain/marketplace';
import type { OwnReviewIds, PublicReview, ReviewPage } from '../../../domain/review-schemas';
import {
  ownReviewIdsQueryKey,
  ownReviewIdsUrl,
  ratingLabel,
  REVIEW_MESSAGES,
  reviewMonth,
  reviewPageQueryKey,
  reviewPageUrl,
  STUDIO_REVIEWS_PARAM,
  SUB_RATINGS,
} from '../../../domain/reviews';
import { Stars } from '../../components/rating-stars';
import { Button } from '../../components/ui/button';
import { apiFetch } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useHydrated } from '../../lib/use-hydrated';
import { ReviewActions, type ListedReview } from '../reviews/review-actions';

function ReviewItem({ review, studio, onChanged }: { review: ListedReview; studio: StudioData; onChanged: () => void }) {
  const meta = `${CATEGORY_LABELS[review.deliverableType]} · ${reviewMonth(review.projectMonth)}`;
  if (review.isHidden) {
    return (
      <li tabIndex={-1} className="border-t border-border py-6">
        <p className="italic text-muted-foreground">{REVIEW_MESSAGES.hidden}</p>
        <p className="mt-1 text-sm text-muted-foreground">{meta}</p>
      </li>
    );
  }
  return (
    <li tabIndex={-1} className="border-t border-border py-6">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p role="img" aria-label={`${review.rating} out of 5 stars`} className="flex items-center gap-2">
          <Stars value={review.rating ?? 0} className="text-accent" />
        </p>
        <p className="font-medium text-ink">{review.authorName ?? 'A former client'}</p>
        <p className="text-sm text-muted-foreground">{meta}</p>
      </div>
      <p className="mt-3 max-w-3xl whitespace-pre-line wrap-anywhere leading-relaxed text-ink/85">{review.body}</p>
      {review.wouldHireAgain !== null ? (
        <p className="mt-2 text-sm text-muted-foreground">{review.wouldHireAgain ? 'Would hire again' : 'Would not hire again'}</p>
      ) : null}
      {/* The reply, and Reply / Report with their forms in place: focus moves into a form as it opens and back out as it closes. */}
      <ReviewActions review={review} studio={studio} onChanged={onChanged} />
    </li>
  );
}

/** The average, the count and the sub-ratings; 'New' below 3 reviews (decision 160). */
function RatingOverview({ rating }: { rating: NonNullable<StudioData['rating']> }) {
  if (rating.average === null) {
    return (
      <p className="text-lg text-ink/80">
        <span className="mr-3 rounded-full border border-accent/40 px-2.5 py-0.5 text-sm font-medium uppercase tracking-[0.08em] text-accent-strong">
          {REVIEW_MESSAGES.newCreator}
        </span>
        {rating.count === 0 ? REVIEW_MESSAGES.noReviews : `${rating.count} ${rating.count === 1 ? 'review' : 'reviews'} so far; an average shows from 3.`}
      </p>
    );
  }
  return (
    <div className="grid gap-8 sm:grid-cols-[auto_1fr] sm:items-center">
      <div role="img" aria-label={ratingLabel(rating.average, rating.count)}>
        <p className="font-serif text-6xl leading-none text-ink">{rating.average.toFixed(1)}</p>
        <Stars value={rating.average} className="mt-3 h-5 w-24 text-accent" />
        <p className="mt-2 text-sm text-muted-foreground">
          {rating.count} reviews{rating.wouldHireAgainPercent !== null ? ` · ${rating.wouldHireAgainPercent}% would hire again` : ''}
        </p>
      </div>
      {rating.subRatings ? (
        <dl className="grid max-w-sm gap-3">
          {SUB_RATINGS.map(({ key, label }) => (
            <div key={key} className="grid grid-cols-[7rem_5rem_2.5rem] items-center gap-3">
              <dt className="text-sm text-ink/80">{label}</dt>
              <dd className="contents">
                <Stars value={rating.subRatings![key]} className="text-accent" />
                <span className="text-sm font-medium text-ink">{rating.subRatings![key].toFixed(1)}</span>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

/** A studio's reviews from clients: the figures, then the published reviews, newest first, a page at a time. */
export function StudioReviews({ studio }: { studio: StudioData }) {
  const queryClient = useQueryClient();
  const [older, setOlder] = useState<PublicReview[]>([]);
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [isLoading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string>();
  // The last page takes 'Show older reviews' away with it: focus goes to the first review it added, not to the page's start.
  const listRef = useRef<HTMLUListElement>(null);
  // `?reviews=<cursor>`: an older page, reached by the link below without scripts (its data is in the first paint).
  const [params] = useSearchParams();
  const pageCursor = params.get(STUDIO_REVIEWS_PARAM);
  const hydrated = useHydrated();
  // The pages added below belong to the page they were added to: 'Back to the newest reviews' starts again from the
  // newest page alone, not from it with the older pages that followed another one.
  const [addedBelow, setAddedBelow] = useState(pageCursor);
  if (addedBelow !== pageCursor) {
    setAddedBelow(pageCursor);
    setOlder([]);
    setCursor(undefined);
  }
  const addressedPage = useQuery({
    queryKey: reviewPageQueryKey(studio.id, pageCursor ?? ''),
    queryFn: ({ signal }) => apiFetch<ReviewPage>(reviewPageUrl(studio.id, pageCursor ?? ''), { signal }),
    enabled: Boolean(pageCursor),
  });
  // Which of these reviews the reader wrote, asked apart: the pages are the same for everyone (cached, and in the
  // first paint, rendered for no one in particular), so they carry no reader's flag. Only a client reviews a creator.
  const { user } = useSession();
  const readerId = user?.role === 'client' ? user.id : null;
  const own = useQuery({
    queryKey: ownReviewIdsQueryKey(studio.id, readerId ?? ''),
    queryFn: ({ signal }) => apiFetch<OwnReviewIds>(ownReviewIdsUrl(studio.id), { signal }),
    enabled: readerId !== null,
  });
  // Unknown while asked (null: Report waits); if the question fails, Report shows and the server's 409 still answers.
  const isOwn = (reviewId: string): boolean | null | undefined =>
    readerId === null ? undefined : own.data ? own.data.reviewIds.includes(reviewId) : own.isPending ? null : undefined;
  if (!studio.rating || !studio.reviews) return null;
  // An older page's address the server does not answer (a cursor cut short or made up) keeps the figures and the way
  // back to the newest reviews, rather than taking the whole section away.
  const firstPage = pageCursor ? (addressedPage.data ?? { reviews: [], nextCursor: null }) : studio.reviews;
  const nextCursor = cursor === undefined ? firstPage.nextCursor : cursor;
  const reviews = [...firstPage.reviews, ...older];
  const showOlder = async () => {
    if (!nextCursor) return;
    setLoading(true);
    setLoadError(undefined);
    try {
      const page = await apiFetch<ReviewPage>(`/api/reviews/creators/${encodeURIComponent(studio.id)}?cursor=${encodeURIComponent(nextCursor)}`);
      const shown = reviews.length;
      setOlder((current) => [...current, ...page.reviews]);
      setCursor(page.nextCursor);
      if (!page.nextCursor) requestAnimationFrame(() => listRef.current?.querySelectorAll<HTMLElement>(':scope > li')[shown]?.focus());
    } catch {
      setLoadError('Older reviews could not be loaded. Please try again.');
    } finally {
      setLoading(false);
    }
  };
  const refresh = () => {
    setOlder([]);
    setCursor(undefined);
    void queryClient.invalidateQueries({ queryKey: studioQueryKey(studio.id) });
  };
  return (
    <section aria-labelledby="reviews-heading" className="mx-auto max-w-6xl px-5 pb-20 sm:px-8">
      <h2 id="reviews-heading" className="mb-8 scroll-mt-18 border-t border-border pt-12 text-3xl sm:text-4xl">
        Reviews
      </h2>
      <RatingOverview rating={studio.rating} />
      {reviews.length > 0 ? (
        <ul ref={listRef} className="mt-10">
          {reviews.map((review) => (
            <ReviewItem key={review.id} review={{ ...review, isOwn: isOwn(review.id) }} studio={studio} onChanged={refresh} />
          ))}
        </ul>
      ) : null}
      {loadError ? (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {loadError}
        </p>
      ) : null}
      {pageCursor && !addressedPage.data && (!hydrated || addressedPage.isError) ? (
        <p role="alert" className="mt-10 text-sm text-muted-foreground">
          These older reviews could not be found. The address may be incomplete.
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap items-center gap-3">
        {nextCursor ? (
          <Button asChild variant="secondary" aria-disabled={isLoading || undefined}>
            <Link
              to={`?${STUDIO_REVIEWS_PARAM}=${encodeURIComponent(nextCursor)}#reviews-heading`}
              preventScrollReset
              onClick={(event) => {
                // With scripts, the page is added below the ones shown; the link is for a visitor without them.
                event.preventDefault();
                if (!isLoading) void showOlder();
              }}
            >
              Show older reviews
            </Link>
          </Button>
        ) : null}
        {pageCursor ? (
          <Button asChild variant="ghost">
            <Link to="?#reviews-heading">Back to the newest reviews</Link>
          </Button>
        ) : null}
      </div>
    </section>
  );
}
