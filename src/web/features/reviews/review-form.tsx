import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  clientReviewInputSchema,
  creatorReviewInputSchema,
  type ProjectReviewState,
} from '../../../domain/review-schemas';
import { REVIEW_LIMITS, SUB_RATINGS, visibleLength } from '../../../domain/reviews';
import { Button } from '../../components/ui/button';
import { FieldError, Label } from '../../components/ui/label';
import { NativeRadio } from '../../components/ui/radio-group';
import { Textarea } from '../../components/ui/textarea';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/utils';

type Values = Record<'rating' | 'communication' | 'quality' | 'onTime' | 'wouldHireAgain' | 'body', string>;
type Errors = Partial<Record<keyof Values, string>>;

/**
 * 1–5 as a group of radio buttons in a fieldset: arrow keys move between them, the legend names the group. The five
 * choices are compact enough (about 18rem) to sit on one line in a third of a card at 1024px and on a 375px phone;
 * narrower than that they wrap.
 */
function StarChoice({ name, legend, value, error, onChange }: { name: string; legend: string; value: string; error?: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <fieldset className="min-w-0" aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-1">
        {[1, 2, 3, 4, 5].map((stars) => (
          <label
            key={stars}
            className={cn(
              'inline-flex shrink-0 cursor-pointer items-center rounded-full border px-2 py-1.5 text-sm whitespace-nowrap transition-colors duration-150 has-focus-visible:ring-3 has-focus-visible:ring-accent/25',
              value === String(stars) ? 'border-accent bg-accent-soft text-accent-strong' : 'border-border text-ink hover:bg-muted',
            )}
          >
            <NativeRadio name={name} value={String(stars)} checked={value === String(stars)} onChange={() => onChange(String(stars))} className="sr-only" />
            <span aria-hidden="true" className="tracking-[-0.06em]">
              {'★'.repeat(stars)}
            </span>
            <span className="sr-only">{stars === 1 ? '1 star' : `${stars} stars`}</span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}

const initialValues = (mine: ProjectReviewState['mine']): Values => ({
  rating: mine ? String(mine.rating) : '',
  communication: mine?.communication ? String(mine.communication) : '',
  quality: mine?.quality ? String(mine.quality) : '',
  onTime: mine?.onTime ? String(mine.onTime) : '',
  wouldHireAgain: mine?.wouldHireAgain === null || mine?.wouldHireAgain === undefined ? '' : mine.wouldHireAgain ? 'yes' : 'no',
  body: mine?.body ?? '',
});

/**
 * The review a party writes of the other: stars and text, and for a client the three sub-ratings and 'Would hire
 * again'. It is checked with the request's own schema before sending, and the server's per-field answer is shown
 * the same way.
 */
export function ReviewForm({ state, onSubmit, onCancel }: { state: ProjectReviewState; onSubmit: (values: Record<string, unknown>) => Promise<void>; onCancel?: () => void }) {
  const id = useId();
  const isClient = state.side === 'client';
  const [values, setValues] = useState<Values>(() => initialValues(state.mine));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string>();
  const [isSaving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // Bumped on each refused submit: once the errors are on screen, focus goes to the first field that has one.
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (first?.tagName === 'FIELDSET' ? first.querySelector<HTMLElement>('input') : first)?.focus();
  }, [refusals]);
  const set = (key: keyof Values) => (value: string) => setValues((current) => ({ ...current, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(undefined);
    const input = isClient
      ? { ...values, wouldHireAgain: values.wouldHireAgain || undefined, rating: values.rating || undefined }
      : { rating: values.rating || undefined, body: values.body };
    const parsed = (isClient ? clientReviewInputSchema : creatorReviewInputSchema).safeParse(input);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0]) as keyof Values] ??= issue.message;
      setErrors(found);
      setRefusals((count) => count + 1);
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        setErrors(error.fields as Errors);
        setRefusals((count) => count + 1);
      } else setFormError(error instanceof ApiError ? error.message : 'Your review could not be saved. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form ref={form} onSubmit={(event) => void submit(event)} noValidate className="grid gap-5">
      <StarChoice name="rating" legend={isClient ? 'Overall rating' : `Your rating of ${state.otherName}`} value={values.rating} error={errors.rating} onChange={set('rating')} />
      {isClient ? (
        <>
          <div className="grid gap-5 lg:grid-cols-3">
            {SUB_RATINGS.map(({ key, label }) => (
              <StarChoice key={key} name={key} legend={label} value={values[key]} error={errors[key]} onChange={set(key)} />
            ))}
          </div>
          <fieldset aria-describedby={errors.wouldHireAgain ? `${id}-hire-error` : undefined} aria-invalid={errors.wouldHireAgain ? true : undefined}>
            <legend className="text-sm font-medium text-ink">Would you hire {state.otherName} again?</legend>
            <div className="mt-2 flex gap-5">
              {(['yes', 'no'] as const).map((answer) => (
                <label key={answer} className="inline-flex cursor-pointer items-center gap-2 text-sm">
                  <NativeRadio name="wouldHireAgain" value={answer} checked={values.wouldHireAgain === answer} onChange={() => set('wouldHireAgain')(answer)} />
                  {answer === 'yes' ? 'Yes' : 'No'}
                </label>
              ))}
            </div>
            <FieldError id={`${id}-hire-error`} message={errors.wouldHireAgain} />
          </fieldset>
        </>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor={`${id}-body`}>Your review</Label>
        <Textarea
          id={`${id}-body`}
          name="body"
          rows={5}
          value={values.body}
          maxLength={REVIEW_LIMITS.bodyMax}
          onChange={(event) => set('body')(event.target.value)}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={`${id}-body-hint${errors.body ? ` ${id}-body-error` : ''}`}
        />
        <p id={`${id}-body-hint`} className="text-sm text-muted-foreground">
          {REVIEW_LIMITS.bodyMin} to {REVIEW_LIMITS.bodyMax.toLocaleString('en-US')} characters ({visibleLength(values.body)} so far). {state.otherName} reads it only once
          both reviews are published.
        </p>
        <FieldError id={`${id}-body-error`} message={errors.body} />
      </div>
      {formError ? (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSaving}>
          {state.mine ? 'Save changes' : 'Save review'}
        </Button>
        {onCancel ? (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
