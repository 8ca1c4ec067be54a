import { createContext, type ComponentProps } from 'react';
import { useLocation } from 'react-router';
import { FORM_NAME_FIELD, SENT_PARAM, type PostedFormName } from '../../domain/posted-form';

/** True inside a form the server can take by itself, whose submit buttons need not wait for the app. */
export const ServerFormContext = createContext(false);

/** The page's own address without the one-time `sent` notice, so a second message does not carry the first's. */
const pageAddress = (pathname: string, search: string): string => {
  const params = new URLSearchParams(search);
  params.delete(SENT_PARAM);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
};

/**
 * A form that works before the app's scripts run and without them (docs/decisions/105-forms-before-scripts.md):
 * it posts, form-encoded, to the page it is on, which the server answers with a redirect or with the page again
 * (the values and the per-field messages). When the app is running, its submit handler takes over as before.
 */
export function ServerForm({
  formName,
  action,
  message,
  children,
  ...props
}: Omit<ComponentProps<'form'>, 'method'> & { formName: PostedFormName; /** The server's message about the whole form. */ message?: string }) {
  const { pathname, search } = useLocation();
  return (
    <form method="post" action={action ?? pageAddress(pathname, search)} {...props}>
      <input type="hidden" name={FORM_NAME_FIELD} value={formName} />
      {message ? (
        <p role="alert" className="rounded-xl border border-destructive/30 bg-destructive/5 px-4 py-3 text-sm text-destructive">
          {message}
        </p>
      ) : null}
      <ServerFormContext.Provider value>{children}</ServerFormContext.Provider>
    </form>
  );
}
