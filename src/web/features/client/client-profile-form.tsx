import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { toast } from '../../lib/toast';
import {
  CLIENT_PROFILE_MESSAGES,
  clientProfileUpdateSchema,
  type ClientProfileUpdate,
  type ClientProfileView,
} from '../../../domain/client-dashboard-schemas';
import { DELIVERABLE_CATEGORIES } from '../../../domain/constants';
import { formatDeliverableType } from '../../../domain/project-schemas';
import { TextField } from '../../components/text-field';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { FieldError, Label } from '../../components/ui/label';
import { apiFetch } from '../../lib/api';
import { showFormError } from '../projects/action-errors';
import { CLIENT_DASHBOARD_QUERY_KEY } from './client-api';

const FIELDS = ['companyName', 'industry', 'budgetRange', 'desiredCategories'] as const;

export function ClientProfileForm({ profile, onDone }: { profile: ClientProfileView; onDone: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<ClientProfileUpdate>({
    resolver: zodResolver(clientProfileUpdateSchema),
    defaultValues: {
      companyName: profile.companyName ?? '',
      industry: profile.industry ?? '',
      budgetRange: profile.budgetRange ?? '',
      desiredCategories: profile.desiredCategories,
    },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: ClientProfileUpdate) => {
    try {
      await apiFetch<ClientProfileView>('/api/client/profile', { method: 'PUT', body: values });
      await queryClient.invalidateQueries({ queryKey: CLIENT_DASHBOARD_QUERY_KEY });
      toast.success(CLIENT_PROFILE_MESSAGES.updated);
      onDone();
    } catch (error) {
      showFormError(error, form.setError, FIELDS, CLIENT_PROFILE_MESSAGES.updateFailed);
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5" aria-label="Edit company profile">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField id="client-company" label="Company Name" autoComplete="organization" error={errors.companyName?.message} {...form.register('companyName')} />
        <TextField id="client-industry" label="Industry" error={errors.industry?.message} {...form.register('industry')} />
      </div>
      <TextField id="client-budget-range" label="Budget Range" hint="For example: $5,000 – $10,000 per project." error={errors.budgetRange?.message} {...form.register('budgetRange')} />
      <Controller
        control={form.control}
        name="desiredCategories"
        render={({ field }) => (
          <fieldset className="grid gap-3" aria-describedby={errors.desiredCategories ? 'client-categories-error' : undefined}>
            <legend className="mb-3 text-sm font-medium text-ink">Desired Categories</legend>
            <div className="grid gap-3 sm:grid-cols-2">
              {DELIVERABLE_CATEGORIES.map((category) => {
                const id = `client-category-${category}`;
                const checked = field.value.includes(category);
                return (
                  <div key={category} className="flex items-center gap-3">
                    <Checkbox
                      id={id}
                      checked={checked}
                      onCheckedChange={(next) =>
                        field.onChange(next === true ? [...field.value, category] : field.value.filter((value) => value !== category))
                      }
                    />
                    <Label htmlFor={id} className="capitalize">
                      {formatDeliverableType(category)}
                    </Label>
                  </div>
                );
              })}
            </div>
            <FieldError id="client-categories-error" message={errors.desiredCategories?.message} />
          </fieldset>
        )}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          Save Profile
        </Button>
      </div>
    </form>
  );
}
