import { DialogFormFooter } from '../../components/form-dialog';
import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { CircleAlert, CircleCheck, Plus, Trash2 } from 'lucide-react';
import { DEFAULT_REVISION_ROUNDS, formatCents, MAX_MILESTONES, MAX_REVISION_ROUNDS, type SendOfferInput } from '../../../domain/milestones';
import type { ProjectView } from '../../../domain/project-schemas';
import { TextField } from '../../components/text-field';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FieldError, Label } from '../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { cn } from '../../lib/utils';
import { toastActionError } from './action-errors';
import { offerResolver, offerSum, toFormField, type OfferFormValues } from './offer-form';
import { useProjectMutation } from './projects-api';
import { TextareaField } from './textarea-field';

export const OFFER_COPY = { sent: 'Offer sent to the client', sendFailed: 'Error sending offer' } as const;

const ROUNDS = Array.from({ length: MAX_REVISION_ROUNDS + 1 }, (_, rounds) => String(rounds));

/** The latest version, to amend, or a one-milestone offer for the client's budget. */
const defaultsFor = (project: ProjectView): OfferFormValues => {
  const latest = project.offers[0];
  if (latest) {
    return {
      price: latest.priceCents / 100,
      milestones: latest.milestones.map((milestone) => ({ title: milestone.title, amount: milestone.amountCents / 100, dueDate: milestone.dueDate })),
      revisionRounds: String(latest.revisionRounds),
      note: '',
    };
  }
  const price = Math.max(Math.round(project.budget), 1);
  return { price, milestones: [{ title: '', amount: price, dueDate: '' }], revisionRounds: String(DEFAULT_REVISION_ROUNDS), note: '' };
};

interface OfferDialogProps {
  project: ProjectView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function OfferDialog({ project, open, onOpenChange }: OfferDialogProps) {
  const isRevision = project.offers.length > 0;
  const latest = project.offers[0];
  const changeRequest = latest?.status === 'changes_requested' && latest.responseNote ? latest.responseNote : null;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{isRevision ? `Send version ${project.offers.length + 1} of your offer` : 'Send an offer'}</DialogTitle>
          <DialogDescription>
            Set your price, split the work into milestones with their own due dates, and say how many revision rounds are included. {project.client.name} can
            accept it, ask for changes or decline.
          </DialogDescription>
        </DialogHeader>
        {changeRequest ? (
          // What the client asked for, beside the form that answers it (the card behind the dialog is covered).
          <figure className="mb-5 rounded-xl border border-border bg-surface p-4 text-sm">
            <figcaption className="font-medium text-ink">
              {project.client.name} asked for changes to version {project.offers[0].version}:
            </figcaption>
            <blockquote className="mt-1.5 whitespace-pre-line text-ink/85">{changeRequest}</blockquote>
          </figure>
        ) : null}
        {/* Mounted only while open, so every opening starts from the latest version. */}
        <OfferForm project={project} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function OfferForm({ project, onDone }: { project: ProjectView; onDone: () => void }) {
  const id = useId();
  const mutation = useProjectMutation();
  // Checked on submit, then again as they type: never on blur, which would move the button under a tap.
  const form = useForm<OfferFormValues, unknown, SendOfferInput>({ defaultValues: defaultsFor(project), resolver: offerResolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  const milestones = useFieldArray({ control: form.control, name: 'milestones' });
  const { errors, isSubmitting } = form.formState;
  // The row whose title takes the focus once a removal has rendered: the removed Remove button is gone, and the
  // focus would otherwise fall back to the dialog, so the next Tab starts again at the price.
  const focusAfterRemoval = useRef<number | null>(null);
  // Once a send was refused, the field array checks every row when one is added, and the empty new row would open
  // with three messages before anyone typed in it. Its fields stay quiet until they change or the next send.
  const [quiet, setQuiet] = useState<Record<number, RowField[]>>({});
  const addMilestone = () => {
    if (form.formState.submitCount > 0) setQuiet((rows) => ({ ...rows, [milestones.fields.length]: [...ROW_FIELDS] }));
    milestones.append({ title: '', amount: Number.NaN, dueDate: '' }, { shouldFocus: true });
  };
  const typedIn = (index: number, field: RowField) =>
    setQuiet((rows) => (rows[index]?.includes(field) ? { ...rows, [index]: rows[index].filter((name) => name !== field) } : rows));
  const registerRowField = (index: number, field: RowField, options?: { valueAsNumber: true }) => {
    const registered = form.register(`milestones.${index}.${field}`, options);
    const onChange: typeof registered.onChange = (event) => {
      typedIn(index, field);
      return registered.onChange(event);
    };
    return { ...registered, onChange };
  };
  const rowError = (index: number, field: RowField) => (quiet[index]?.includes(field) ? undefined : errors.milestones?.[index]?.[field]?.message);
  const removeMilestone = (index: number) => {
    focusAfterRemoval.current = Math.min(index, milestones.fields.length - 2);
    // The rows after it move up one place, and their quiet fields with them.
    setQuiet((rows) =>
      Object.fromEntries(
        Object.entries(rows)
          .filter(([at]) => Number(at) !== index)
          .map(([at, fields]) => [Number(at) > index ? Number(at) - 1 : Number(at), fields]),
      ),
    );
    milestones.remove(index);
  };
  useEffect(() => {
    if (focusAfterRemoval.current === null) return;
    form.setFocus(`milestones.${focusAfterRemoval.current}.title`);
    focusAfterRemoval.current = null;
  }, [milestones.fields, form]);

  const sumMessage = errors.milestones?.root?.message ?? errors.milestones?.message;
  const sumErrorId = `${id}-milestones-error`;
  // Every field refused is focused by the form itself; the sum belongs to no field, so when it is the only problem
  // the focus goes to the last amount, where what is left to assign is usually put.
  const onInvalid = (refused: typeof errors) => {
    const rowRefused = Object.keys(refused.milestones ?? {}).some((key) => /^\d+$/.test(key));
    const onlySum = Object.keys(refused).every((key) => key === 'milestones') && !rowRefused;
    if (onlySum) form.setFocus(`milestones.${form.getValues('milestones').length - 1}.amount`);
  };

  const onSubmit = async (offer: SendOfferInput) => {
    try {
      await mutation.mutateAsync({ projectId: project.id, action: 'send_offer', offer });
      toast.success(OFFER_COPY.sent);
      onDone();
    } catch (error) {
      const fields = error instanceof ApiError ? Object.entries(error.fields ?? {}) : [];
      if (fields.length === 0) return toastActionError(error, OFFER_COPY.sendFailed);
      fields.forEach(([field, message], index) => form.setError(toFormField(field), { type: 'server', message }, { shouldFocus: index === 0 }));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        setQuiet({});
        return form.handleSubmit(onSubmit, onInvalid)(event);
      }}
      className="grid gap-6"
      aria-label="Offer"
    >
      <TextField
        id={`${id}-price`}
        label="Price (whole dollars)"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        className="sm:max-w-56"
        error={errors.price?.message}
        {...form.register('price', { valueAsNumber: true })}
      />

      <fieldset className="grid gap-3">
        <legend className="mb-3 font-sans text-xs font-semibold uppercase tracking-[0.12em] text-muted-foreground">Milestones</legend>
        <ol className="grid gap-3">
          {milestones.fields.map((field, index) => {
            return (
              // A list item holding a group named "Milestone N", so its fields' short labels ("Amount ($)", "Due date")
              // say whose they are; the item keeps its own role, as a list's children must.
              <li key={field.id} className="rounded-xl border border-border bg-surface/60 p-3 sm:p-4">
                <div role="group" aria-labelledby={`${id}-m${index}-name`}>
                <div className="mb-3 flex items-center justify-between gap-3">
                  <p className="text-sm font-medium text-ink" id={`${id}-m${index}-name`}>
                    Milestone {index + 1}
                  </p>
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    onClick={() => removeMilestone(index)}
                    disabled={milestones.fields.length === 1}
                    aria-label={`Remove milestone ${index + 1}`}
                  >
                    <Trash2 aria-hidden="true" />
                    <span className="hidden sm:inline">Remove</span>
                  </Button>
                </div>
                {/* Top-aligned, so an error under one field does not push the fields beside it down. On a phone the
                    fields stack, full width, so an amount like 12,345.50 and a date are never clipped; from 26rem the
                    amount and the date share a row, and from sm all three do. */}
                <div className="grid grid-cols-1 items-start gap-x-3 gap-y-4 min-[26rem]:grid-cols-2 sm:grid-cols-[minmax(0,1fr)_9rem_10.5rem] sm:gap-4 [&_input]:min-w-0">
                  <TextField
                    className="min-w-0 min-[26rem]:col-span-2 sm:col-span-1"
                    id={`${id}-m${index}-title`}
                    label={`Milestone ${index + 1} title`}
                    error={rowError(index, 'title')}
                    {...registerRowField(index, 'title')}
                  />
                  <TextField
                    className="min-w-0"
                    id={`${id}-m${index}-amount`}
                    label="Amount ($)"
                    type="number"
                    inputMode="decimal"
                    min={0.01}
                    step={0.01}
                    error={rowError(index, 'amount')}
                    // The sum's message (under the list) is about every amount: each one is described by it too.
                    aria-describedby={[rowError(index, 'amount') ? `${id}-m${index}-amount-error` : null, sumMessage ? sumErrorId : null].filter(Boolean).join(' ') || undefined}
                    {...registerRowField(index, 'amount', { valueAsNumber: true })}
                  />
                  <TextField className="min-w-0" id={`${id}-m${index}-due`} label="Due date" type="date" error={rowError(index, 'dueDate')} {...registerRowField(index, 'dueDate')} />
                </div>
                </div>
              </li>
            );
          })}
        </ol>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <Button
            type="button"
            size="sm"
            variant="secondary"
            onClick={addMilestone}
            disabled={milestones.fields.length >= MAX_MILESTONES}
          >
            <Plus aria-hidden="true" />
            Add a milestone
          </Button>
          <SumCheck control={form.control} id={`${id}-sum`} />
        </div>
        <SumError control={form.control} id={sumErrorId} message={sumMessage} />
      </fieldset>

      <Controller
        control={form.control}
        name="revisionRounds"
        render={({ field }) => (
          <div className="grid gap-2">
            <Label id={`${id}-rounds-label`}>Revision rounds included</Label>
            <RadioGroup
              aria-labelledby={`${id}-rounds-label`}
              aria-describedby={`${id}-rounds-hint`}
              value={field.value}
              onValueChange={field.onChange}
              className="flex flex-wrap gap-2"
            >
              {ROUNDS.map((rounds) => (
                <label
                  key={rounds}
                  className="inline-flex h-10 min-w-14 cursor-pointer items-center justify-center gap-2 rounded-full border border-border bg-surface px-3 text-sm font-medium text-ink transition-colors duration-150 has-[[data-state=checked]]:border-accent has-[[data-state=checked]]:bg-accent-soft"
                >
                  <RadioGroupItem value={rounds} className="size-4" />
                  {rounds}
                </label>
              ))}
            </RadioGroup>
            <p id={`${id}-rounds-hint`} className="text-sm text-muted-foreground">
              Each revision the client asks for uses one round. When they are used up, you can allow an extra one.
            </p>
            <FieldError id={`${id}-rounds-error`} message={errors.revisionRounds?.message} />
          </div>
        )}
      />

      <TextareaField id={`${id}-note`} label="Note to the client (optional)" rows={3} error={errors.note?.message} {...form.register('note')} />

      <DialogFormFooter className="mt-0" onCancel={onDone} submitLabel="Send Offer" isBusy={isSubmitting} />
    </form>
  );
}

type OfferControl = Control<OfferFormValues, unknown, SendOfferInput>;

const ROW_FIELDS = ['title', 'amount', 'dueDate'] as const;
type RowField = (typeof ROW_FIELDS)[number];

/** The refused sum's message, gone as soon as the amounts add up again. */
function SumError({ control, id, message }: { control: OfferControl; id: string; message?: string }) {
  const [price, rows] = useWatch({ control, name: ['price', 'milestones'] });
  return <FieldError id={id} message={offerSum({ price, milestones: rows }).isBalanced ? undefined : message} />;
}

/** The live check that the milestones add up to the price, announced politely as it changes. */
function SumCheck({ control, id }: { control: OfferControl; id: string }) {
  const [price, rows] = useWatch({ control, name: ['price', 'milestones'] });
  const { sumCents, priceCents, isBalanced } = offerSum({ price, milestones: rows });
  const gap = priceCents === null ? null : priceCents - sumCents;
  return (
    <p id={id} aria-live="polite" className={cn('flex items-center gap-1.5 text-sm', isBalanced ? 'text-accent-strong' : 'text-muted-foreground')}>
      {isBalanced ? <CircleCheck aria-hidden="true" className="size-4" /> : <CircleAlert aria-hidden="true" className="size-4" />}
      <span>
        Adds up to <strong className="font-semibold text-ink">{formatCents(sumCents)}</strong>
        {priceCents === null ? null : (
          <>
            {' '}
            of <strong className="font-semibold text-ink">{formatCents(priceCents)}</strong>
          </>
        )}
        {gap ? <span className="text-destructive">{gap > 0 ? ` · ${formatCents(gap)} left to assign` : ` · ${formatCents(-gap)} over`}</span> : null}
      </span>
    </p>
  );
}
