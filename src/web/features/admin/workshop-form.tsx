import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { toCreateWorkshopInput, workshopFormDefaults, workshopFormSchema, WORKSHOP_MESSAGES, type WorkshopFormValues } from '../../../domain/workshop-schemas';
import { TextField } from '../../components/text-field';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { FieldError, Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { apiFetch } from '../../lib/api';
import { showSubmitError } from '../auth/api-form-errors';
import { ADMIN_KEY } from './admin-data';

const FIELDS = ['title', 'description', 'date', 'maxParticipants', 'link'] as const;

export function WorkshopForm() {
  const queryClient = useQueryClient();
  const form = useForm<WorkshopFormValues>({ resolver: zodResolver(workshopFormSchema), defaultValues: workshopFormDefaults(), mode: 'onTouched' });
  const { errors } = form.formState;
  const create = useMutation({
    mutationFn: (values: WorkshopFormValues) => apiFetch('/api/admin/workshops', { method: 'POST', body: toCreateWorkshopInput(values) }),
    onSuccess: async () => {
      toast.success(WORKSHOP_MESSAGES.created);
      form.reset(workshopFormDefaults());
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
    },
    onError: (error) => showSubmitError(error, form.setError, FIELDS, WORKSHOP_MESSAGES.createFailed),
  });

  return (
    <Card className="p-6 sm:p-7">
      <h2 id="create-workshop-heading" className="text-2xl">
        Create Workshop
      </h2>
      <p className="mt-1.5 text-sm text-muted-foreground">Makers and minds see the next five on their dashboards.</p>
      <form noValidate aria-labelledby="create-workshop-heading" className="mt-6 grid gap-5" onSubmit={form.handleSubmit((values) => create.mutate(values))}>
        <TextField id="workshop-title" label="Title" required error={errors.title?.message} {...form.register('title')} />
        <div className="grid gap-2">
          <Label htmlFor="workshop-description">Description</Label>
          <Textarea
            id="workshop-description"
            rows={4}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errors.description ? 'workshop-description-error' : undefined}
            {...form.register('description')}
          />
          <FieldError id="workshop-description-error" message={errors.description?.message} />
        </div>
        <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_10rem]">
          <TextField id="workshop-date" className="content-start" label="Date & Time" type="datetime-local" required error={errors.date?.message} {...form.register('date')} />
          <TextField
            id="workshop-max"
            className="content-start"
            label="Max Participants"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            required
            error={errors.maxParticipants?.message}
            {...form.register('maxParticipants', { valueAsNumber: true })}
          />
        </div>
        <TextField
          id="workshop-link"
          label="Meeting Link"
          type="url"
          inputMode="url"
          placeholder="https://"
          hint="Optional. Where participants join."
          error={errors.link?.message}
          {...form.register('link')}
        />
        <Button type="submit" className="justify-self-start" busy={create.isPending}>
          Create Workshop
        </Button>
      </form>
    </Card>
  );
}
