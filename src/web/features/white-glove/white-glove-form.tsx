import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Sparkles } from 'lucide-react';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import { WHITE_GLOVE_MESSAGES, whiteGloveRequestSchema, type WhiteGloveRequestInput } from '../../../domain/white-glove-schemas';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { showFormError } from '../projects/action-errors';
import { BudgetField } from '../projects/budget-field';
import { DeliverableTypeField } from '../projects/deliverable-type-field';
import { TextareaField } from '../projects/textarea-field';
import { useCreateWhiteGloveRequest } from './white-glove-api';

const FIELDS = ['description', 'deliverableType', 'budget'] as const;

export function WhiteGloveForm() {
  const createRequest = useCreateWhiteGloveRequest();
  const form = useForm<z.input<typeof whiteGloveRequestSchema>, unknown, WhiteGloveRequestInput>({
    resolver: zodResolver(whiteGloveRequestSchema),
    defaultValues: { description: '' },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: WhiteGloveRequestInput) => {
    try {
      await createRequest.mutateAsync(values);
      toast.success(WHITE_GLOVE_MESSAGES.submitted);
      form.reset({ description: '', deliverableType: undefined, budget: undefined });
    } catch (error) {
      showFormError(error, form.setError, FIELDS, WHITE_GLOVE_MESSAGES.submitFailed);
    }
  };

  return (
    <Card className="p-5 sm:p-8">
      <div className="flex items-start gap-4">
        <span className="hidden size-11 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent-strong sm:inline-flex" aria-hidden="true">
          <Sparkles className="size-5" />
        </span>
        <div>
          <h2 id="white-glove-heading" className="font-serif text-2xl">
            White Glove matching
          </h2>
          <p className="mt-1 max-w-2xl text-muted-foreground">
            Tell us what you need. Our team reads every request and hand-picks 3 verified creators for you within{' '}
            <span className="whitespace-nowrap">24-48 hours</span>.
          </p>
        </div>
      </div>
      <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="mt-6 grid gap-5" aria-labelledby="white-glove-heading">
        <TextareaField
          id="white-glove-description"
          label="What do you need?"
          rows={4}
          hint="The project, your audience, the feel you are after, and any deadline."
          error={errors.description?.message}
          {...form.register('description')}
        />
        {/* Top-aligned, so an error under one field does not move the one beside it. */}
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <Controller
            control={form.control}
            name="deliverableType"
            render={({ field, fieldState }) => (
              <DeliverableTypeField id="white-glove-deliverable-type" value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />
            )}
          />
          <BudgetField id="white-glove-budget" error={errors.budget?.message} {...form.register('budget', { valueAsNumber: true })} />
        </div>
        <div className="flex justify-end">
          <Button type="submit" busy={isSubmitting}>
            Request White Glove Matching
          </Button>
        </div>
      </form>
    </Card>
  );
}
