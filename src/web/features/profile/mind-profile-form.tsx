import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { toast } from '../../lib/toast';
import { EXPERTISE_AREAS } from '../../../domain/constants';
import {
  BIO_MAX,
  mindApplicationSchema,
  PROFILE_MESSAGES,
  type MindApplicationInput,
  type MindApplicationValues,
  type MindProfileView,
} from '../../../domain/profile-schemas';
import { TextField } from '../../components/text-field';
import { Button } from '../../components/ui/button';
import { apiFetch } from '../../lib/api';
import { UploadField } from '../uploads/upload-field';
import { CheckboxGroupField } from './checkbox-group-field';
import { FormSection, TextareaField } from './form-parts';
import { showSaveFailure } from './form-feedback';
import { initialsOf } from './labels';
import { PlanField } from './plan-field';
import { afterProfileSaved } from './profile-api';
import { TermsField } from './terms-field';

const FIELDS = ['name', 'bio', 'avatarUrl', 'expertiseAreas', 'subscriptionPlan', 'introVideoUrl', 'termsAccepted'] as const;

interface MindProfileFormProps {
  profile: MindProfileView;
  mode: 'onboarding' | 'dashboard';
  onSubmitted?: () => void | Promise<void>;
}

export function MindProfileForm({ profile, mode, onSubmitted }: MindProfileFormProps) {
  const queryClient = useQueryClient();
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

  const send = async (values: MindApplicationValues, submit: boolean) => {
    try {
      const { profile: saved } = submit
        ? await apiFetch<{ profile: MindProfileView }>('/api/profiles/mind/application', { method: 'POST', body: values })
        : await apiFetch<{ profile: MindProfileView }>('/api/profiles/mind', { method: 'PUT', body: values });
      toast.success(submit ? PROFILE_MESSAGES.mindSubmitted : PROFILE_MESSAGES.profileUpdated);
      // Leave first (onboarding): the saved status would otherwise swap the form for its 'done' notice.
      await onSubmitted?.();
      await afterProfileSaved(queryClient, 'mind', saved);
    } catch (error) {
      showSaveFailure(error, submit ? PROFILE_MESSAGES.mindSubmitFailed : PROFILE_MESSAGES.profileUpdateFailed, {
        setError: form.setError,
        fields: FIELDS,
      });
    }
  };

  const bio = useWatch({ control: form.control, name: 'bio' }) ?? '';
  return (
    <form noValidate onSubmit={form.handleSubmit((values) => send(values, isOnboarding))} className="grid gap-10" aria-label="Mind profile">
      <FormSection title="About you" description="How clients will meet you on your studio page.">
        <TextField id="mind-name" label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <TextareaField
          id="mind-bio"
          label="Bio"
          rows={5}
          hint="The problems you like to solve, and the brands you have shaped."
          counter={{ value: bio.length, max: BIO_MAX }}
          error={errors.bio?.message}
          {...form.register('bio')}
        />
        <Controller
          control={form.control}
          name="avatarUrl"
          render={({ field, fieldState }) => (
            <UploadField
              id="mind-avatar"
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
        <TextField
          id="mind-video"
          label="Intro video URL (optional)"
          type="url"
          inputMode="url"
          placeholder="https://"
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

      <div className="flex flex-col-reverse gap-3 border-t border-border pt-8 sm:flex-row sm:justify-end">
        {canResubmit ? (
          <Button type="button" variant="secondary" size="lg" disabled={isSubmitting} onClick={form.handleSubmit((values) => send(values, true))}>
            Save and resubmit application
          </Button>
        ) : null}
        <Button type="submit" size="lg" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
          {isOnboarding ? 'Submit Application' : 'Save changes'}
        </Button>
      </div>
    </form>
  );
}
