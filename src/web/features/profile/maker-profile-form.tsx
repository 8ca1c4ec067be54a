import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DELIVERABLE_CATEGORIES } from '../../../domain/constants';
import { makerProfileSchema, type MakerProfileInput, type MakerProfileValues, type MakerProfileView } from '../../../domain/profile-schemas';
import { TextField } from '../../components/text-field';
import { CheckboxGroupField } from './checkbox-group-field';
import { BioField, ProfileImageField, ResubmitButton } from './creator-fields';
import { FormSection, ProfileFormActions, UrlField } from './form-parts';
import { displayCategory } from './labels';
import { useSaveCreatorProfile } from './use-save-profile';

const FIELDS = ['name', 'bio', 'experienceYears', 'avatarUrl', 'websiteLink', 'introVideoUrl', 'deliverableCategories'] as const;

interface MakerProfileFormProps {
  profile: MakerProfileView;
  /** 'onboarding' submits the application; 'dashboard' saves changes, and lets a rejected maker resubmit. */
  mode: 'onboarding' | 'dashboard';
  onSubmitted?: () => void | Promise<void>;
}

export function MakerProfileForm({ profile, mode, onSubmitted }: MakerProfileFormProps) {
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

  const send = useSaveCreatorProfile('maker', { setError: form.setError, fields: FIELDS, onSubmitted });

  const bio = useWatch({ control: form.control, name: 'bio' }) ?? '';
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => send(values, mode === 'onboarding'))} className="grid gap-10" aria-label="Maker profile">
      <FormSection title="About you" description="Clients see this on your studio page once you are approved.">
        <TextField id="maker-name" label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <BioField
          id="maker-bio"
          hint="Who you are, what you make, and how you like to work."
          length={bio.length}
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
            <ProfileImageField id="maker-avatar" value={field.value} onChange={field.onChange} error={fieldState.error?.message} personName={profile.name} />
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
        <UrlField
          id="maker-website"
          label="Website (optional)"
          autoComplete="url"
          error={errors.websiteLink?.message}
          {...form.register('websiteLink')}
        />
        <UrlField
          id="maker-video"
          label="Intro video URL (optional)"
          hint="A link to a short video, about a minute, in which you introduce yourself and your process."
          error={errors.introVideoUrl?.message}
          {...form.register('introVideoUrl')}
        />
      </FormSection>

      <ProfileFormActions isSubmitting={isSubmitting} submitLabel={mode === 'onboarding' ? 'Submit Application' : 'Save changes'}>
        {canResubmit ? <ResubmitButton disabled={isSubmitting} onClick={form.handleSubmit((values) => send(values, true))} /> : null}
      </ProfileFormActions>
    </form>
  );
}
