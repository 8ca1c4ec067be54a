import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import type { PublicReview } from '../../../domain/review-schemas';
import { REVIEW_LIMITS, REVIEW_MESSAGES } from '../../../domain/reviews';
import { Button } from '../../components/ui/button';
import { FieldError, Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { ApiError, apiFetch } from '../../lib/api';
import { useSession } from '../../lib/session';
import { cn } from '../../lib/utils';

const fieldError = (error: unknown, field: string) => (error instanceof ApiError ? (error.fields?.[field] ?? error.message) : 'Something went wrong. Please try again.');

/**
 * A short form in place (a reply, a report): one labelled text area, its message, and Send / Cancel. It takes the
 * place of the button that opened it, so it takes focus too: the text area, ready to type in.
 */
export function InlineTextForm({ label, hint, maxLength, submitLabel, onSubmit, onCancel }: {
  label: string;
  hint: string;
  maxLength: number;
  submitLabel: string;
  onSubmit: (text: string) => Promise<void>;
  onCancel: () => void;
}) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [isSending, setSending] = useState(false);
  useEffect(() => {
    field.current?.focus();
  }, []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError(undefined);
    try {
      await onSubmit(text);
    } catch (failure) {
      setError(failure instanceof ApiError && failure.fields?.reason ? failure.fields.reason : fieldError(failure, 'body'));
      setSending(false);
      field.current?.focus();
      return;
    }
    setSending(false);
  };
  return (
    <form
      onSubmit={submit}
      onKeyDown={(event) => {
        // Escape closes the form as Cancel does (it is not a dialog, but the same key is expected to back out).
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.preventDefault();
          onCancel();
        }
      }}
      className="mt-4 grid gap-2"
      noValidate
    >
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        ref={field}
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

/**
 * A public review as the studio lists it, with what the studio knows of the signed-in reader: `isOwn` is true on a
 * review they wrote (from GET /api/reviews/creators/:id/mine; the public review never names its author's id), and
 * null while that is still being asked. Should it be missed, the server's refusal of the report (409) still says so.
 */
export type ListedReview = PublicReview & { isOwn?: boolean | null };

type FocusTarget = 'reply-button' | 'report-button' | 'reply' | 'notice';

/**
 * What follows a published review on a studio: the studio's reply, and the Reply and Report actions, each opening a
 * short form in place. Focus goes into the form when it opens and comes back when it closes: to the button that
 * opened it on Cancel, to the published reply, or to the confirmation when the button is gone.
 */
export function ReviewActions({
  review,
  studio,
  onChanged,
  allowReply = true,
}: {
  review: ListedReview;
  studio: { id: string; name: string };
  onChanged: () => void;
  /** False where a reply would be shown nowhere public: a client's answer to a creator's review of them. */
  allowReply?: boolean;
}) {
  const { user } = useSession();
  const [open, setOpen] = useState<'reply' | 'report' | null>(null);
  const [notice, setNotice] = useState<{ text: string; refused: boolean }>();
  // Shown at once after publishing, before the studio reloads with it.
  const [publishedReply, setPublishedReply] = useState<string>();
  // Reported already (a second report adds nothing), or refused as the reader's own review.
  const [reportClosed, setReportClosed] = useState(false);
  // Where focus goes after the render that closes a form (set with that render's state, read once after it).
  const focusNext = useRef<FocusTarget | null>(null);
  const replyButton = useRef<HTMLButtonElement>(null);
  const reportButton = useRef<HTMLButtonElement>(null);
  const replyBlock = useRef<HTMLDivElement>(null);
  const noticeLine = useRef<HTMLParagraphElement>(null);

  const reply = review.reply?.body ?? publishedReply;
  // A reply an admin hid still counts as the one reply: the server would refuse another.
  const canReply = allowReply && user?.id === studio.id && !reply && !review.isReplyHidden;
  // Anyone signed in may report, the reviewed person too, but not the review's own author (the server refuses it);
  // while it is not known yet whether the reader wrote it (null), the button waits rather than appear and go.
  // Its author reports not their own words but the reply under them, while one is shown (the server holds the same rule).
  const isAuthor = review.isOwn === true;
  const canReport = Boolean(user) && review.isOwn !== null && !reportClosed && (!isAuthor || Boolean(reply));

  useEffect(() => {
    const wanted = focusNext.current;
    if (!wanted) return;
    focusNext.current = null;
    const targets: Record<FocusTarget, RefObject<HTMLElement | null>> = { 'reply-button': replyButton, 'report-button': reportButton, reply: replyBlock, notice: noticeLine };
    // The one asked for, or the nearest that is still there.
    const element = targets[wanted].current ?? reportButton.current ?? replyButton.current ?? noticeLine.current ?? replyBlock.current;
    element?.focus();
  });

  const close = (then: FocusTarget) => {
    focusNext.current = then;
    setOpen(null);
  };

  return (
    <>
      {reply ? (
        <div ref={replyBlock} tabIndex={-1} className="mt-4 max-w-3xl rounded-xl border-l-2 border-accent bg-muted/60 px-4 py-3">
          <p className="text-sm font-medium text-ink">Reply from {studio.name}</p>
          <p className="mt-1 whitespace-pre-line wrap-anywhere text-ink/85">{reply}</p>
        </div>
      ) : review.isReplyHidden ? (
        <p className="mt-4 max-w-3xl rounded-xl border-l-2 border-border bg-muted/60 px-4 py-3 text-sm text-muted-foreground italic">{REVIEW_MESSAGES.replyHidden}</p>
      ) : null}
      {notice ? (
        <p ref={noticeLine} tabIndex={-1} role="status" className={cn('mt-3 text-sm', notice.refused ? 'text-muted-foreground' : 'text-success')}>
          {notice.text}
        </p>
      ) : null}
      {open === null && (canReply || canReport) ? (
        <div className="mt-3 flex gap-2">
          {canReply ? (
            <Button ref={replyButton} size="sm" variant="secondary" onClick={() => setOpen('reply')}>
              Reply
            </Button>
          ) : null}
          {canReport ? (
            <Button ref={reportButton} size="sm" variant="ghost" onClick={() => setOpen('report')}>
              {isAuthor ? 'Report this reply' : 'Report this review'}
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
          onCancel={() => close('reply-button')}
          onSubmit={async (body) => {
            await apiFetch(`/api/reviews/${review.id}/reply`, { method: 'POST', body: { body } });
            setPublishedReply(body.trim());
            close('reply');
            onChanged();
          }}
        />
      ) : null}
      {open === 'report' ? (
        <InlineTextForm
          label={isAuthor ? 'What is wrong with this reply? (optional)' : 'What is wrong with this review? (optional)'}
          hint="The Humanmade team reads every report."
          maxLength={REVIEW_LIMITS.reportReasonMax}
          submitLabel="Send report"
          onCancel={() => close('report-button')}
          onSubmit={async (reason) => {
            try {
              const answer = await apiFetch<{ message: string }>(`/api/reviews/${review.id}/report`, { method: 'POST', body: { reason } });
              setNotice({ text: answer.message, refused: false });
            } catch (failure) {
              // 409: the reader wrote this review. Say so, and take the button away.
              if (!(failure instanceof ApiError && failure.status === 409)) throw failure;
              setNotice({ text: failure.message, refused: true });
            }
            setReportClosed(true);
            close('notice');
          }}
        />
      ) : null}
    </>
  );
}
