import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { toast } from '../../lib/toast';
import { ApiError } from '../../lib/api';

/**
 * Shows a failed submit: the server's field messages under their fields when it names fields this form has,
 * otherwise a toast with the server's message or the fallback.
 */
export function showSubmitError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  formFields: readonly Path<T>[],
  fallback: string,
): void {
  if (!(error instanceof ApiError)) {
    toast.error(fallback);
    return;
  }
  const fieldErrors = Object.entries(error.fields ?? {}).filter((entry): entry is [Path<T>, string] =>
    (formFields as readonly string[]).includes(entry[0]),
  );
  if (fieldErrors.length === 0) {
    toast.error(error.message || fallback);
    return;
  }
  fieldErrors.forEach(([field, message], index) => setError(field, { type: 'server', message }, { shouldFocus: index === 0 }));
}
