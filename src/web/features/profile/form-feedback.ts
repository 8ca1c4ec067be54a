import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { ApiError, reasonToShow } from '../../lib/api';

/**
 * A failed save: the product's toast (e.g. 'Failed to update profile') always shows, with the server's reason
 * beneath it when there is a useful one, and any per-field messages go under their fields.
 */
export function showSaveFailure<T extends FieldValues>(
  error: unknown,
  fallback: string,
  form?: { setError: UseFormSetError<T>; fields: readonly Path<T>[] },
): void {
  if (!(error instanceof ApiError)) {
    toast.error(fallback);
    return;
  }
  const fieldErrors = Object.entries(error.fields ?? {}).filter((entry): entry is [Path<T>, string] =>
    Boolean(form && (form.fields as readonly string[]).includes(entry[0])),
  );
  fieldErrors.forEach(([field, message], index) => form?.setError(field, { type: 'server', message }, { shouldFocus: index === 0 }));
  const shown = reasonToShow(error);
  const reason = shown !== fallback ? shown : undefined;
  toast.error(fallback, reason && fieldErrors.length === 0 ? { description: reason } : undefined);
}
