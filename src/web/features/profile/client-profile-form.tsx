import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { toast } from '../../lib/toast';
import { DELIVERABLE_CATEGORIES } from '../../../domain/constants';
import {
  clientOnboardingSchema,
  PROFILE_MESSAGES,
  type ClientOnboardingInput,
  type ClientOnboardingValues,
  type ClientProfileView,
} from '../../../domain/profile-schemas';
import { TextField } from '../../components/text-field';
import { Button } from '../../components/ui/button';
import { apiFetch } from '../../lib/api';
import { UploadField } from '../uploads/upload-field';
import { CheckboxGroupField } from './checkbox-group-field';
import { FormSection } from './form-parts';
import { showSaveFailure } from './form-feedback';
import { displayCategory, initialsOf } from './labels';
import { afterProfileSaved } from './profile-api';
import { TermsField } from './terms-field';

const FIELDS = ['companyName', 'industry', 'budgetRange', 'logoUrl', 'desiredCategories', 'termsAccepted'] as const;

interface ClientProfileFormProps {
  profile: ClientProfileView;
  /** 'onboarding' completes the profile (and approves the client); 'dashboard' saves changes. */
  mode: 'onboarding' | 'dashboard';
  onSubmitted?: () => void | Promise<void>;
  /** Dashboard only: leaves the form without saving. */
  onCancel?: () => void;
}

export function ClientProfileForm({ profile, mode, onSubmitted, onCancel }: ClientProfileFormProps) {
  const queryClient = useQueryClient();
  const isOnboarding = mode === 'onboarding';
  const form = useForm<ClientOnboardingInput, unknown, ClientOnboardingValues>({
    resolver: zodResolver(clientOnboardingSchema),
    defaultValues: {
      companyName: profile.companyName ?? '',
      industry: profile.industry ?? '',
      budgetRange: profile.budgetRange ?? '',
      logoUrl: profile.logoUrl,
      desiredCategories: profile.desiredCategories,
      // Editing later does not ask again: the terms were accepted at onboarding.
      termsAccepted: isOnboarding ? profile.termsAccepted : true,
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: ClientOnboardingValues) => {
    const fallback = isOnboarding ? PROFILE_MESSAGES.clientCreateFailed : PROFILE_MESSAGES.profileUpdateFailed;
    try {
      const { profile: saved } = await apiFetch<{ profile: ClientProfileView }>(isOnboarding ? '/api/profiles/client/onboarding' : '/api/profiles/client', {
        method: isOnboarding ? 'POST' : 'PUT',
        body: values,
      });
      toast.success(isOnboarding ? PROFILE_MESSAGES.clientCreated : PROFILE_MESSAGES.profileUpdated);
      // Leave first (onboarding): the saved status would otherwise swap the form for its 'done' notice.
      await onSubmitted?.();
      await afterProfileSaved(queryClient, 'client', saved);
    } catch (error) {
      showSaveFailure(error, fallback, { setError: form.setError, fields: FIELDS });
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-10" aria-label="Company profile">
      <FormSection title="Your company" description="Creators see this when you invite them to a project.">
        <TextField id="client-company" label="Company name" autoComplete="organization" error={errors.companyName?.message} {...form.register('companyName')} />
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField id="client-industry" label="Industry" placeholder="e.g. Publishing" error={errors.industry?.message} {...form.register('industry')} />
          <TextField
            id="client-budget"
            label="Budget range"
            placeholder="e.g. $5,000 – $10,000 per project"
            error={errors.budgetRange?.message}
            {...form.register('budgetRange')}
          />
        </div>
        <Controller
          control={form.control}
          name="logoUrl"
          render={({ field, fieldState }) => (
            <UploadField
              id="client-logo"
              label="Company logo"
              use="clientLogo"
              shape="square"
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              placeholder={initialsOf(form.getValues('companyName') || profile.name)}
            />
          )}
        />
      </FormSection>

      <FormSection title="What you are looking for" description="We use this to suggest creators and to curate White Glove matches.">
        <Controller
          control={form.control}
          name="desiredCategories"
          render={({ field, fieldState }) => (
            <CheckboxGroupField
              id="client-categories"
              legend="Desired categories"
              options={DELIVERABLE_CATEGORIES}
              value={field.value}
              onChange={field.onChange}
              labelFor={displayCategory}
              error={fieldState.error?.message}
            />
          )}
        />
      </FormSection>

      {isOnboarding ? (
        <Controller
          control={form.control}
          name="termsAccepted"
          render={({ field, fieldState }) => (
            <TermsField id="client-terms" checked={field.value === true} onChange={field.onChange} error={fieldState.error?.message}>
              I may act for this company, and I will commission and use creators' work fairly and as agreed.
            </TermsField>
          )}
        />
      ) : null}

      <div className="flex flex-col-reverse gap-3 border-t border-border pt-8 sm:flex-row sm:justify-end">
        {!isOnboarding && onCancel ? (
          <Button type="button" variant="ghost" size="lg" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {isOnboarding ? 'Complete Profile' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
