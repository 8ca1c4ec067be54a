import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
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
import { UploadField } from '../uploads/upload-field';
import { CheckboxGroupField } from './checkbox-group-field';
import { FormSection, ProfileFormActions } from './form-parts';
import { displayCategory, initialsOf } from './labels';
import { TermsField } from './terms-field';
import { useSaveProfile } from './use-save-profile';

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

  const save = useSaveProfile('client', { setError: form.setError, fields: FIELDS, onSubmitted });
  const onSubmit = (values: ClientOnboardingValues) =>
    save({
      path: isOnboarding ? '/api/profiles/client/onboarding' : '/api/profiles/client',
      method: isOnboarding ? 'POST' : 'PUT',
      body: values,
      success: isOnboarding ? PROFILE_MESSAGES.clientCreated : PROFILE_MESSAGES.profileUpdated,
      failure: isOnboarding ? PROFILE_MESSAGES.clientCreateFailed : PROFILE_MESSAGES.profileUpdateFailed,
    });

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

      <ProfileFormActions isSubmitting={isSubmitting} submitLabel={isOnboarding ? 'Complete Profile' : 'Save changes'} submitClassName="w-full sm:w-auto">
        {!isOnboarding && onCancel ? (
          <Button type="button" variant="ghost" size="lg" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        ) : null}
      </ProfileFormActions>
    </form>
  );
}
