import { useQueryClient } from '@tanstack/react-query';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { PROFILE_MESSAGES } from '../../../domain/profile-schemas';
import type { CreatorRole } from '../../../domain/marketplace';
import { apiFetch } from '../../lib/api';
import { toast } from '../../lib/toast';
import { showSaveFailure } from './form-feedback';
import { afterProfileSaved } from './profile-api';

interface SaveProfileOptions<T extends FieldValues> {
  setError: UseFormSetError<T>;
  /** The fields a server message may be shown under. */
  fields: readonly Path<T>[];
  onSubmitted?: () => void | Promise<void>;
}

interface ProfileSave {
  path: string;
  method: 'POST' | 'PUT';
  body: unknown;
  success: string;
  failure: string;
}

/** Saves a profile form: the toast, the caller's next step, then the cached profile and session made new. */
export function useSaveProfile<T extends FieldValues>(role: 'maker' | 'mind' | 'client', { setError, fields, onSubmitted }: SaveProfileOptions<T>) {
  const queryClient = useQueryClient();
  return async ({ path, method, body, success, failure }: ProfileSave): Promise<void> => {
    try {
      const { profile: saved } = await apiFetch<{ profile: unknown }>(path, { method, body });
      toast.success(success);
      // Leave first (onboarding): the saved status would otherwise swap the form for its 'done' notice.
      await onSubmitted?.();
      await afterProfileSaved(queryClient, role, saved);
    } catch (error) {
      showSaveFailure(error, failure, { setError, fields });
    }
  };
}

/** A creator's form either saves changes or (`submit`) sends the application for review. */
export function useSaveCreatorProfile<T extends FieldValues>(role: CreatorRole, options: SaveProfileOptions<T>) {
  const save = useSaveProfile(role, options);
  return (values: unknown, submit: boolean) =>
    save(
      submit
        ? { path: `/api/profiles/${role}/application`, method: 'POST', body: values, success: PROFILE_MESSAGES[`${role}Submitted`], failure: PROFILE_MESSAGES[`${role}SubmitFailed`] }
        : { path: `/api/profiles/${role}`, method: 'PUT', body: values, success: PROFILE_MESSAGES.profileUpdated, failure: PROFILE_MESSAGES.profileUpdateFailed },
    );
}
