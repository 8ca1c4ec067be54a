import { createContext, useContext } from 'react';
import { useLocation } from 'react-router';
import { POSTED_FORM_ID, isPostedFormName, type PostedForm, type PostedFormName } from '../../domain/posted-form';

export type { PostedForm };

/**
 * A form the server re-rendered after a native post (docs/decisions/105-forms-before-scripts.md): the server gives
 * it to its render, and the browser reads it from the page, so both render the same values and messages.
 */
export const PostedFormData = createContext<PostedForm | null>(null);

/** The posted form the page carries, or null (most pages, or anything unreadable). */
export function readPostedForm(): PostedForm | null {
  const text = document.getElementById(POSTED_FORM_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Partial<PostedForm> | null;
    if (!parsed || !isPostedFormName(parsed.form)) return null;
    return { form: parsed.form, values: parsed.values ?? {}, errors: parsed.errors ?? {}, ...(parsed.message ? { message: parsed.message } : {}) };
  } catch {
    return null;
  }
}

const NOTHING_POSTED = { values: {}, errors: {}, message: undefined } as const;

/**
 * What was posted to this form, while the page is still the one the server answered with: the router's first
 * entry has the key 'default' on both sides, and any navigation after it leaves the posted values behind.
 */
export function usePostedForm(form: PostedFormName): { values: Record<string, string>; errors: Record<string, string>; message: string | undefined } {
  const posted = useContext(PostedFormData);
  const { key } = useLocation();
  if (!posted || posted.form !== form || key !== 'default') return NOTHING_POSTED;
  return { values: posted.values, errors: posted.errors, message: posted.message };
}

/** Posted messages in the shape react-hook-form starts with (`useForm({ errors })`), so the first render shows them. */
export const postedFieldErrors = (errors: Record<string, string>): Record<string, { type: string; message: string }> | undefined => {
  const entries = Object.entries(errors);
  return entries.length > 0 ? Object.fromEntries(entries.map(([field, message]) => [field, { type: 'server', message }])) : undefined;
};
