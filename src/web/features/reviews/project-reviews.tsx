import { useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProjectView } from '../../../domain/project-schemas';
import type { ClientRecord, ProjectReviewState, PublicReview } from '../../../domain/review-schemas';
import { REVIEW_MESSAGES, SUB_RATINGS } from '../../../domain/reviews';
import { Stars } from '../../components/rating-stars';
import { ErrorState } from '../../components/list-states';
import { Button } from '../../components/ui/button';
import { ApiError, apiFetch } from '../../lib/api';
import { useSession } from '../../lib/session';
import { ReviewActions } from './review-actions';
import { ReviewForm } from './review-form';
import { formatDate, formatMonthYear } from '../../../domain/dates';

const reviewStateKey = (projectId: string) => ['reviews', 'project', projectId] as const;
const OWN_REVIEW_HIDDEN = `${REVIEW_MESSAGES.hidden}: everyone else sees that in its place, and it does not count in the ratings.`;
const heading = 'font-sans text-xs font-semibold uppercase tracking-[0.12em] text-muted-foreground';

/** A creator deciding on a draft sees who is asking: projects completed, creators' average rating, member since. */
export function ClientRecordSummary({ clientId }: { clientId: string }) {
  const query = useQuery({
    queryKey: ['reviews', 'client-record', clientId],
    queryFn: ({ signal }) => apiFetch<ClientRecord>(`/api/reviews/clients/${encodeURIComponent(clientId)}/record`, { signal }),
  });
  if (!query.data) return null;
  const record = query.data;
  return (
    // A part of the card under its heading, not a landmark: a creator with several drafts had one 'About this client'
    // region per card.
    <section className="mt-5">
      <h4 className={heading}>About this client</h4>
      <dl className="mt-2 grid grid-cols-3 gap-3 text-sm">
        <div>
          <dt className="text-muted-foreground">Projects completed</dt>
          <dd className="mt-0.5 font-medium text-ink">{record.projectsCompleted}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Rating from creators</dt>
          <dd className="mt-0.5 font-medium text-ink">
            {record.averageRating === null ? (record.reviewCount === 0 ? 'No reviews yet' : REVIEW_MESSAGES.newCreator) : `${record.averageRating.toFixed(1)} of 5 (${record.reviewCount})`}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Member since</dt>
          <dd className="mt-0.5 font-medium text-ink">{formatMonthYear(record.memberSince)}</dd>
        </div>
      </dl>
    </section>
  );
}

function ReadReview({ title, review, note, children }: {
  title: string;
  review: Pick<PublicReview, 'rating' | 'body' | 'subRatings' | 'wouldHireAgain' | 'isHidden'>;
  note?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="min-w-0 rounded-xl border border-border bg-paper p-4">
      <p className="text-sm font-medium text-ink">{title}</p>
      {note ? <p className="mt-1 text-sm text-muted-foreground">{note}</p> : null}
      {review.isHidden ? (
        <p className="mt-1 italic text-muted-foreground">{REVIEW_MESSAGES.hidden}</p>
      ) : (
        <>
          <p role="img" aria-label={`${review.rating} out of 5 stars`} className="mt-2">
            <Stars value={review.rating ?? 0} className="text-accent" />
          </p>
          {review.subRatings ? (
            <p className="mt-1 text-sm text-muted-foreground">{SUB_RATINGS.map(({ key, label }) => `${label} ${review.subRatings![key]}`).join(' · ')}</p>
          ) : null}
          <p className="mt-2 whitespace-pre-line wrap-anywhere text-ink/85">{review.body}</p>
          {review.wouldHireAgain !== null ? <p className="mt-1 text-sm text-muted-foreground">{review.wouldHireAgain ? 'Would hire again' : 'Would not hire again'}</p> : null}
        </>
      )}
      {children}
    </div>
  );
}

/** The reviews of a completed project, for one of its two parties (decision 160): write, wait, then read both. */
function ProjectReviewPanel({ projectId }: { projectId: string }) {
  const queryClient = useQueryClient();
  const [isEditing, setEditing] = useState(false);
  // Saving replaces the form with the saved review: focus goes to the section's heading, not to the page's start.
  const headingRef = useRef<HTMLHeadingElement>(null);
  // 'Edit your review' gives way to the form, and Cancel gives way back: focus follows each time (to the chosen
  // rating, then to the button), instead of falling to the page's start with the control that held it.
  const sectionRef = useRef<HTMLElement>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const startEditing = () => {
    setEditing(true);
    requestAnimationFrame(() => sectionRef.current?.querySelector<HTMLInputElement>('form input[name="rating"]:checked')?.focus());
  };
  const stopEditing = () => {
    setEditing(false);
    requestAnimationFrame(() => editButtonRef.current?.focus());
  };
  const query = useQuery({
    queryKey: reviewStateKey(projectId),
    queryFn: ({ signal }) => apiFetch<ProjectReviewState>(`/api/reviews/projects/${projectId}`, { signal }),
  });
  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) => apiFetch<ProjectReviewState>(`/api/reviews/projects/${projectId}`, { method: 'PUT', body: values }),
    onSuccess: (state) => {
      queryClient.setQueryData(reviewStateKey(projectId), state);
      setEditing(false);
      requestAnimationFrame(() => headingRef.current?.focus());
    },
    // 409: while the form was open, the other side's review published both, or the window closed. The form has
    // nothing left to save: it gives way to what is there now, and says why (it stayed, refusing each save).
    onError: (error) => {
      if (!(error instanceof ApiError && error.status === 409)) return;
      setOvertaken(error.message);
      setEditing(false);
      void queryClient.invalidateQueries({ queryKey: reviewStateKey(projectId) });
      requestAnimationFrame(() => headingRef.current?.focus());
    },
  });
  const [overtaken, setOvertaken] = useState<string>();
  const { user } = useSession();
  const state = query.data;
  // A completed project always has a review step: when it cannot be read, the card says so (it showed nothing, as if
  // there were no reviews to write).
  if (!state && query.isError) {
    return (
      <section className="mt-5 border-t border-border pt-5">
        <h4 className={heading}>Reviews</h4>
        <div className="mt-3">
          <ErrorState message="The reviews of this project could not be loaded." onRetry={() => void query.refetch()} />
        </div>
      </section>
    );
  }
  if (!state || state.status === 'not_open') return null;
  // The author reads their own review even once hidden, and is told what everyone else sees in its place.
  const mineNote = state.mine?.isHidden ? OWN_REVIEW_HIDDEN : undefined;
  const mine = state.mine ? { ...state.mine, isHidden: false, subRatings: state.mine.communication === null ? null : { communication: state.mine.communication, quality: state.mine.quality ?? 0, onTime: state.mine.onTime ?? 0 } } : null;
  return (
    // A part of the project's card under its heading, not a landmark (one per card would repeat 'Reviews').
    <section ref={sectionRef} className="mt-5 border-t border-border pt-5">
      <h4 ref={headingRef} tabIndex={-1} className={heading}>
        Reviews
      </h4>
      {overtaken && state.status !== 'open' ? (
        <p role="status" className="mt-3 text-sm text-ink/80">
          {overtaken}
        </p>
      ) : null}
      {state.status === 'open' || isEditing ? (
        <div className="mt-3 grid gap-3">
          {!isEditing && state.closesAt ? (
            <p className="text-sm text-ink/80">
              How was working with {state.otherName}? You can write your review until {formatDate(state.closesAt)}. Neither of you sees the other&apos;s review until
              both are written or the window closes.
            </p>
          ) : null}
          <ReviewForm state={state} onSubmit={async (values) => void (await save.mutateAsync(values))} onCancel={isEditing ? stopEditing : undefined} />
        </div>
      ) : null}
      {state.status === 'waiting' && !isEditing && mine ? (
        <div className="mt-3 grid gap-3">
          <p role="status" className="text-sm text-ink/80">
            {REVIEW_MESSAGES.waiting}
          </p>
          <ReadReview title="Your review (not yet published)" review={mine} />
          <div>
            <Button ref={editButtonRef} size="sm" variant="secondary" onClick={startEditing}>
              Edit your review
            </Button>
          </div>
        </div>
      ) : null}
      {state.status === 'published' || state.status === 'closed' ? (
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {mine ? <ReadReview title="Your review" review={mine} note={mineNote} /> : <p className="text-sm text-muted-foreground">{REVIEW_MESSAGES.windowClosed}</p>}
          {state.theirs ? (
            <ReadReview title={`${state.otherName}'s review of you`} review={state.theirs}>
              {/* Its one reader besides the author may report it (a client has no other place to), and a creator may
                  answer it here as on their studio; a client's reply would be shown nowhere, so none is offered. */}
              {user && !state.theirs.isHidden ? (
                <ReviewActions
                  review={{ ...state.theirs, isOwn: false }}
                  studio={{ id: user.id, name: user.name }}
                  allowReply={state.side === 'creator'}
                  onChanged={() => void queryClient.invalidateQueries({ queryKey: reviewStateKey(projectId) })}
                />
              ) : null}
            </ReadReview>
          ) : (
            <p className="text-sm text-muted-foreground">
              {state.status === 'closed' ? 'Reviews are being published.' : `${state.otherName} did not leave a review.`}
            </p>
          )}
        </div>
      ) : null}
    </section>
  );
}

/**
 * What reviews add to a project card: the client's record on a draft the creator decides on, and the reviews of a
 * completed project. One element in the card, so the card itself stays as it is.
 */
export function ProjectReviews({ project, perspective }: { project: ProjectView; perspective: 'client' | 'creator' }) {
  if (perspective === 'creator' && project.status === 'draft') return <ClientRecordSummary clientId={project.client.id} />;
  if (project.status === 'completed') return <ProjectReviewPanel projectId={project.id} />;
  return null;
}
