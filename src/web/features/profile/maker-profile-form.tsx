import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { toast } from '../../lib/toast';
import { DELIVERABLE_CATEGORIES } from '../../../domain/constants';
import {
  BIO_MAX,
  makerProfileSchema,
  PROFILE_MESSAGES,
  type MakerProfileInput,
  type MakerProfileValues,
  type MakerProfileView,
} from '../../../domain/profile-schemas';
import { TextField } from '../../components/text-field';
import { Button } from '../../components/ui/button';
import { apiFetch } from '../../lib/api';
import { UploadField } from '../uploads/upload-field';
import { CheckboxGroupField } from './checkbox-group-field';
import { FormSection, TextareaField } from './form-parts';
import { showSaveFailure } from './form-feedback';
import { displayCategory, initialsOf } from './labels';
import { afterProfileSaved } from './profile-api';

const FIELDS = ['name', 'bio', 'experienceYears', 'avatarUrl', 'websiteLink', 'introVideoUrl', 'deliverableCategories'] as const;

interface MakerProfileFormProps {
  profile: MakerProfileView;
  /** 'onboarding' submits the application; 'dashboard' saves changes, and lets a rejected maker resubmit. */
  mode: 'onboarding' | 'dashboard';
  onSubmitted?: () => void | Promise<void>;
}

export function MakerProfileForm({ profile, mode, onSubmitted }: MakerProfileFormProps) {
  const queryClient = useQueryClient();
  const form = useForm<MakerProfileInput, unknown, MakerProfileValues>({
    resolver: zodResolver(makerProfileSchema),
    defaultValues: {
      name: profile.name,
      bio: profile.bio ?? '',
      experienceYears: profile.experienceYears === null ? '' : String(profile.experienceYears),
      avatarUrl: profile.avatarUrl,
      websiteLink: profile.websiteLink ?? '',
      introVideoUrl: profile.introVideoUrl ?? '',
      deliverableCategories: profile.deliverableCategories,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const canResubmit = mode === 'dashboard' && profile.applicationStatus === 'rejected';

  const send = async (values: MakerProfileValues, submit: boolean) => {
    const request = submit
      ? apiFetch<{ profile: MakerProfileView }>('/api/profiles/maker/application', { method: 'POST', body: values })
      : apiFetch<{ profile: MakerProfileView }>('/api/profiles/maker', { method: 'PUT', body: values });
    try {
      const { profile: saved } = await request;
      toast.success(submit ? PROFILE_MESSAGES.makerSubmitted : PROFILE_MESSAGES.profileUpdated);
      // Leave first (onboarding): the saved status would otherwise swap the form for its 'done' notice.
      await onSubmitted?.();
      await afterProfileSaved(queryClient, 'maker', saved);
    } catch (error) {
      showSaveFailure(error, submit ? PROFILE_MESSAGES.makerSubmitFailed : PROFILE_MESSAGES.profileUpdateFailed, {
        setError: form.setError,
        fields: FIELDS,
      });
    }
  };

  const bio = useWatch({ control: form.control, name: 'bio' }) ?? '';
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => send(values, mode === 'onboarding'))} className="grid gap-10" aria-label="Maker profile">
      <FormSection title="About you" description="Clients see this on your studio page once you are approved.">
        <TextField id="maker-name" label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <TextareaField
          id="maker-bio"
          label="Bio"
          rows={5}
          hint="Who you are, what you make, and how you like to work."
          counter={{ value: bio.length, max: BIO_MAX }}
          error={errors.bio?.message}
          {...form.register('bio')}
        />
        <TextField
          id="maker-experience"
          label="Years of experience"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          className="max-w-48"
          error={errors.experienceYears?.message}
          {...form.register('experienceYears')}
        />
        <Controller
          control={form.control}
          name="avatarUrl"
          render={({ field, fieldState }) => (
            <UploadField
              id="maker-avatar"
              label="Profile image"
              use="profileImage"
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
              placeholder={initialsOf(profile.name)}
            />
          )}
        />
      </FormSection>

      <FormSection title="Your work" description="What you make, and where we can see more of it.">
        <Controller
          control={form.control}
          name="deliverableCategories"
          render={({ field, fieldState }) => (
            <CheckboxGroupField
              id="maker-categories"
              legend="Deliverable categories"
              hint="Choose every kind of work you take on."
              options={DELIVERABLE_CATEGORIES}
              value={field.value}
              onChange={field.onChange}
              labelFor={displayCategory}
              error={fieldState.error?.message}
            />
          )}
        />
        <TextField
          id="maker-website"
          label="Website (optional)"
          type="url"
          inputMode="url"
          placeholder="https://"
          autoComplete="url"
          error={errors.websiteLink?.message}
          {...form.register('websiteLink')}
        />
        <TextField
          id="maker-video"
          label="Intro video URL (optional)"
          type="url"
          inputMode="url"
          placeholder="https://"
          hint="A link to a short video, about a minute, in which you introduce yourself and your process."
          error={errors.introVideoUrl?.message}
          {...form.register('introVideoUrl')}
        />
      </FormSection>

      <div className="flex flex-col-reverse gap-3 border-t border-border pt-8 sm:flex-row sm:justify-end">
        {canResubmit ? (
          <Button type="button" variant="secondary" size="lg" disabled={isSubmitting} onClick={form.handleSubmit((values) => send(values, true))}>
            Save and resubmit application
          </Button>
        ) : null}
        <Button type="submit" size="lg" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {mode === 'onboarding' ? 'Submit Application' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
