import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { EXPERTISE_AREAS } from '../../../domain/constants';
import { mindApplicationSchema, type MindApplicationInput, type MindApplicationValues, type MindProfileView } from '../../../domain/profile-schemas';
import { TextField } from '../../components/text-field';
import { CheckboxGroupField } from './checkbox-group-field';
import { BioField, ProfileImageField, ResubmitButton } from './creator-fields';
import { FormSection, ProfileFormActions, UrlField } from './form-parts';
import { PlanField } from './plan-field';
import { TermsField } from './terms-field';
import { useSaveCreatorProfile } from './use-save-profile';

const FIELDS = ['name', 'bio', 'avatarUrl', 'expertiseAreas', 'subscriptionPlan', 'introVideoUrl', 'termsAccepted'] as const;

interface MindProfileFormProps {
  profile: MindProfileView;
  mode: 'onboarding' | 'dashboard';
  onSubmitted?: () => void | Promise<void>;
}

export function MindProfileForm({ profile, mode, onSubmitted }: MindProfileFormProps) {
  const isOnboarding = mode === 'onboarding';
  const form = useForm<MindApplicationInput, unknown, MindApplicationValues>({
    resolver: zodResolver(mindApplicationSchema),
    defaultValues: {
      name: profile.name,
      bio: profile.bio ?? '',
      avatarUrl: profile.avatarUrl,
      expertiseAreas: profile.expertiseAreas,
      subscriptionPlan: profile.subscriptionPlan,
      introVideoUrl: profile.introVideoUrl ?? '',
      // The dashboard does not ask again: the terms were accepted with the application it edits.
      termsAccepted: isOnboarding ? profile.termsAccepted : true,
    },
  });
  const { errors, isSubmitting } = form.formState;
  const canResubmit = !isOnboarding && profile.applicationStatus === 'rejected';

  const send = useSaveCreatorProfile('mind', { setError: form.setError, fields: FIELDS, onSubmitted });

  const bio = useWatch({ control: form.control, name: 'bio' }) ?? '';
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => send(values, isOnboarding))} className="grid gap-10" aria-label="Mind profile">
      <FormSection title="About you" description="How clients will meet you on your studio page.">
        <TextField id="mind-name" label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <BioField
          id="mind-bio"
          hint="The problems you like to solve, and the brands you have shaped."
          length={bio.length}
          error={errors.bio?.message}
          {...form.register('bio')}
        />
        <Controller
          control={form.control}
          name="avatarUrl"
          render={({ field, fieldState }) => (
            <ProfileImageField id="mind-avatar" value={field.value} onChange={field.onChange} error={fieldState.error?.message} personName={profile.name} />
          )}
        />
      </FormSection>

      <FormSection title="Expertise" description="Where your thinking makes the biggest difference.">
        <Controller
          control={form.control}
          name="expertiseAreas"
          render={({ field, fieldState }) => (
            <CheckboxGroupField
              id="mind-expertise"
              legend="Expertise areas"
              options={EXPERTISE_AREAS}
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
        <UrlField
          id="mind-video"
          label="Intro video URL (optional)"
          hint="A short video in which you introduce yourself and how you work."
          error={errors.introVideoUrl?.message}
          {...form.register('introVideoUrl')}
        />
      </FormSection>

      <FormSection title="Plan">
        <Controller
          control={form.control}
          name="subscriptionPlan"
          render={({ field, fieldState }) => <PlanField value={field.value} onChange={field.onChange} error={fieldState.error?.message} />}
        />
      </FormSection>

      {isOnboarding ? (
        <Controller
          control={form.control}
          name="termsAccepted"
          render={({ field, fieldState }) => (
            <TermsField id="mind-terms" checked={field.value === true} onChange={field.onChange} error={fieldState.error?.message}>
              the work and advice I offer are my own, and I will treat clients and creators on Humanmade with respect.
            </TermsField>
          )}
        />
      ) : null}

      <ProfileFormActions isSubmitting={isSubmitting} submitLabel={isOnboarding ? 'Submit Application' : 'Save changes'}>
        {canResubmit ? <ResubmitButton disabled={isSubmitting} onClick={form.handleSubmit((values) => send(values, true))} /> : null}
      </ProfileFormActions>
    </form>
  );
}
