import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { CATEGORY_LABELS, studioQueryKey, type StudioData } from '../../../domain/marketplace';
import { reviewPageQueryKey, reviewPageUrl, STUDIO_REVIEWS_PARAM, type PublicReview, type ReviewPage } from '../../../domain/review-schemas';
import { ratingLabel, REVIEW_LIMITS, REVIEW_MESSAGES, reviewMonth, SUB_RATINGS } from '../../../domain/reviews';
import { Stars } from '../../components/rating-stars';
import { Button } from '../../components/ui/button';
import { FieldError, Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { ApiError, apiFetch } from '../../lib/api';
import { useSession } from '../../lib/session';

const fieldError = (error: unknown, field: string) => (error instanceof ApiError ? (error.fields?.[field] ?? error.message) : 'Something went wrong. Please try again.');

/** A short form in place (a reply, a report): one labelled text area, its message, and Send / Cancel. */
function InlineTextForm({ label, hint, maxLength, submitLabel, onSubmit, onCancel }: {
  label: string;
  hint: string;
  maxLength: number;
  submitLabel: string;
  onSubmit: (text: string) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [isSending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(undefined);
    try {
      await onSubmit(text);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.fields?.reason ? failure.fields.reason : fieldError(failure, 'body'));
    } finally {
      setSending(false);
    }
  };
  return (
    <form onSubmit={submit} className="mt-4 grid gap-2" noValidate>
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        value={text}
        maxLength={maxLength}
        onChange={(event) => setText(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${error ? `${id}-error` : ''}`}
        rows={3}
      />
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {hint}
      </p>
      <FieldError id={`${id}-error`} message={error} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={isSending}>
          {submitLabel}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ReviewItem({ review, studio, onChanged }: { review: PublicReview; studio: StudioData; onChanged: () => void }) {
  const { user } = useSession();
  const [open, setOpen] = useState<'reply' | 'report' | null>(null);
  const [notice, setNotice] = useState<string>();
  const meta = `${CATEGORY_LABELS[review.deliverableType]} · ${reviewMonth(review.projectMonth)}`;
  if (review.isHidden) {
    return (
      <li className="border-t border-border py-6">
        <p className="italic text-muted-foreground">{REVIEW_MESSAGES.hidden}</p>
        <p className="mt-1 text-sm text-muted-foreground">{meta}</p>
      </li>
    );
  }
  const canReply = user?.id === studio.id && review.reply === null;
  // Anyone signed in, the reviewed person too; the server answers its author that they cannot.
  const canReport = Boolean(user);
  return (
    <li className="border-t border-border py-6">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p role="img" aria-label={`${review.rating} out of 5 stars`} className="flex items-center gap-2">
          <Stars value={review.rating ?? 0} className="text-accent" />
        </p>
        <p className="font-medium text-ink">{review.authorName ?? 'A former client'}</p>
        <p className="text-sm text-muted-foreground">{meta}</p>
      </div>
      <p className="mt-3 max-w-3xl whitespace-pre-line leading-relaxed text-ink/85">{review.body}</p>
      {review.wouldHireAgain !== null ? (
        <p className="mt-2 text-sm text-muted-foreground">{review.wouldHireAgain ? 'Would hire again' : 'Would not hire again'}</p>
      ) : null}
      {review.reply ? (
        <div className="mt-4 max-w-3xl rounded-xl border-l-2 border-accent bg-muted/60 px-4 py-3">
          <p className="text-sm font-medium text-ink">Reply from {studio.name}</p>
          <p className="mt-1 whitespace-pre-line text-ink/85">{review.reply.body}</p>
        </div>
      ) : null}
      {notice ? (
        <p role="status" className="mt-3 text-sm text-success">
          {notice}
        </p>
      ) : null}
      {open === null && (canReply || canReport) ? (
        <div className="mt-3 flex gap-2">
          {canReply ? (
            <Button size="sm" variant="secondary" onClick={() => setOpen('reply')}>
              Reply
            </Button>
          ) : null}
          {canReport ? (
            <Button size="sm" variant="ghost" onClick={() => setOpen('report')}>
              Report this review
            </Button>
          ) : null}
        </div>
      ) : null}
      {open === 'reply' ? (
        <InlineTextForm
          label="Your public reply"
          hint={`One reply, shown under the review. Up to ${REVIEW_LIMITS.replyMax.toLocaleString('en-US')} characters.`}
          maxLength={REVIEW_LIMITS.replyMax}
          submitLabel="Publish reply"
          onCancel={() => setOpen(null)}
          onSubmit={async (body) => {
            await apiFetch(`/api/reviews/${review.id}/reply`, { method: 'POST', body: { body } });
            setOpen(null);
            onChanged();
          }}
        />
      ) : null}
      {open === 'report' ? (
        <InlineTextForm
          label="What is wrong with this review? (optional)"
          hint="The Humanmade team reads every report."
          maxLength={REVIEW_LIMITS.reportReasonMax}
          submitLabel="Send report"
          onCancel={() => setOpen(null)}
          onSubmit={async (reason) => {
            const answer = await apiFetch<{ message: string }>(`/api/reviews/${review.id}/report`, { method: 'POST', body: { reason } });
            setOpen(null);
            setNotice(answer.message);
          }}
        />
      ) : null}
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
  // `?reviews=<cursor>`: an older page, reached by the link below without scripts (its data is in the first paint).
  const [params] = useSearchParams();
  const pageCursor = params.get(STUDIO_REVIEWS_PARAM);
  const addressedPage = useQuery({
    queryKey: reviewPageQueryKey(studio.id, pageCursor ?? ''),
    queryFn: ({ signal }) => apiFetch<ReviewPage>(reviewPageUrl(studio.id, pageCursor ?? ''), { signal }),
    enabled: Boolean(pageCursor),
  });
  if (!studio.rating || !studio.reviews) return null;
  const firstPage = pageCursor ? addressedPage.data : studio.reviews;
  if (!firstPage) return null;
  const nextCursor = cursor === undefined ? firstPage.nextCursor : cursor;
  const reviews = [...firstPage.reviews, ...older];
  const showOlder = async () => {
    if (!nextCursor) return;
    setLoading(true);
    setLoadError(undefined);
    try {
      const page = await apiFetch<ReviewPage>(`/api/reviews/creators/${encodeURIComponent(studio.id)}?cursor=${encodeURIComponent(nextCursor)}`);
      setOlder((current) => [...current, ...page.reviews]);
      setCursor(page.nextCursor);
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
      <h2 id="reviews-heading" className="mb-8 border-t border-border pt-12 text-3xl sm:text-4xl">
        Reviews
      </h2>
      <RatingOverview rating={studio.rating} />
      {reviews.length > 0 ? (
        <ul className="mt-10">
          {reviews.map((review) => (
            <ReviewItem key={review.id} review={review} studio={studio} onChanged={refresh} />
          ))}
        </ul>
      ) : null}
      {loadError ? (
        <p role="alert" className="mt-4 text-sm text-destructive">
          {loadError}
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
