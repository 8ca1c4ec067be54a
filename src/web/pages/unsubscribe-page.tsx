import { Link, useSearchParams } from 'react-router';
import { EMAIL_KIND_LABELS, NOTIFICATION_KINDS, NOTIFICATION_SETTINGS_PATH, type NotificationKind } from '../../domain/notification-schemas';
import { authPathFor } from '../../domain/page-guards';
import { Button } from '../components/ui/button';
import { usePageTitle } from '../lib/use-page-title';

export const UNSUBSCRIBE_COPY = {
  invalidTitle: 'This unsubscribe link is not valid',
  invalidHint:
    'It may be incomplete or out of date, so no emails were turned off. To choose which emails you get, sign in and open your notification settings.',
} as const;

const kindOf = (value: string | null): NotificationKind | null => ((NOTIFICATION_KINDS as readonly string[]).includes(value ?? '') ? (value as NotificationKind) : null);

/**
 * `/unsubscribe?u&k&t`, the page an email's "stop these emails" link opens: one button that posts the signed link
 * to the API, which works without scripts and without signing in, and comes back as `?done=<kind>`.
 */
export function UnsubscribePage() {
  usePageTitle('Unsubscribe');
  const [params] = useSearchParams();
  const done = kindOf(params.get('done'));
  // Set by the API when the form was sent with a link that is not valid (tampered, cut short or from another account).
  const isInvalid = !done && params.get('error') === 'invalid';
  const kind = kindOf(params.get('k'));

  if (isInvalid) {
    return (
      <div className="mx-auto max-w-xl px-5 py-16 text-center sm:px-8">
        <h1 className="font-serif text-4xl text-ink">{UNSUBSCRIBE_COPY.invalidTitle}</h1>
        <p className="mt-4 text-muted-foreground">{UNSUBSCRIBE_COPY.invalidHint}</p>
        <Button asChild className="mt-8">
          <Link to={authPathFor(NOTIFICATION_SETTINGS_PATH)}>Sign in to choose your emails</Link>
        </Button>
      </div>
    );
  }
  const query = new URLSearchParams({ u: params.get('u') ?? '', k: params.get('k') ?? '', t: params.get('t') ?? '' }).toString();

  return (
    <div className="mx-auto max-w-xl px-5 py-16 text-center sm:px-8">
      <h1 className="font-serif text-4xl text-ink">{done ? 'You are unsubscribed' : 'Stop these emails?'}</h1>
      {done ? (
        <p className="mt-4 text-muted-foreground">
          You will no longer get emails about {EMAIL_KIND_LABELS[done].label.toLowerCase()}. They still appear under the bell when you sign in.
        </p>
      ) : kind ? (
        <form method="post" action={`/api/notifications/unsubscribe?${query}`} className="mt-6 space-y-6">
          <input type="hidden" name="source" value="page" />
          <p className="text-muted-foreground">
            {EMAIL_KIND_LABELS[kind].hint} You can turn these emails back on at any time.
          </p>
          <Button type="submit">Stop emails about {EMAIL_KIND_LABELS[kind].label.toLowerCase()}</Button>
        </form>
      ) : (
        <p className="mt-4 text-muted-foreground">This link is not complete. Please open it again from the email.</p>
      )}
      <p className="mt-10 text-sm text-muted-foreground">
        Signed in? Choose every kind in your{' '}
        <Link to={NOTIFICATION_SETTINGS_PATH} className="text-accent-strong underline underline-offset-4">
          notification settings
        </Link>
        .
      </p>
    </div>
  );
}
