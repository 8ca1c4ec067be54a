import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { ApiError } from '../../lib/api';

/**
 * The product's failure toast (e.g. 'Error accepting project'), with the server's reason beneath it when there is
 * one, so the person learns both what failed and why.
 */
export function toastActionError(error: unknown, fallback: string): void {
  const reason = error instanceof ApiError && error.message && error.message !== fallback ? error.message : undefined;
  toast.error(fallback, reason ? { description: reason } : undefined);
}

/** Server field messages go under the form's fields; anything else becomes the failure toast. */
export function showFormError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[], fallback: string): void {
  const fieldErrors =
    error instanceof ApiError
      ? Object.entries(error.fields ?? {}).filter((entry): entry is [Path<T>, string] => (fields as readonly string[]).includes(entry[0]))
      : [];
  if (fieldErrors.length === 0) {
    toastActionError(error, fallback);
    return;
  }
  fieldErrors.forEach(([field, message], index) => setError(field, { type: 'server', message }, { shouldFocus: index === 0 }));
}
