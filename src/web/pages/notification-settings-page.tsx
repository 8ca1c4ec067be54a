import { useEffect, useState } from 'react';
import { EMAIL_KIND_LABELS, NOTIFICATION_KINDS, type NotificationSettings } from '../../domain/notification-schemas';
import { Button } from '../components/ui/button';
import { Checkbox } from '../components/ui/checkbox';
import { Label } from '../components/ui/label';
import { apiFetch } from '../lib/api';
import { toast } from '../lib/toast';
import { usePageTitle } from '../lib/use-page-title';

/** `/settings/notifications`: in-app notifications are always on; each kind of email can be turned off. */
export function NotificationSettingsPage() {
  usePageTitle('Notification settings');
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    apiFetch<NotificationSettings>('/api/notifications/settings')
      .then(setSettings)
      .catch(() => setFailed(true));
  }, []);

  const save = async () => {
    if (!settings) return;
    setSaving(true);
    try {
      setSettings(await apiFetch<NotificationSettings>('/api/notifications/settings', { method: 'PUT', body: settings }));
      toast.success('Your email settings are saved.');
    } catch {
      toast.error('Your settings could not be saved. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="mx-auto max-w-2xl px-5 py-12 sm:px-8">
      <h1 className="font-serif text-4xl text-ink">Notification settings</h1>
      <p className="mt-3 text-muted-foreground">
        Everything also appears under the bell in the header. Choose which of it should reach you by email as well.
      </p>
      {failed ? (
        <p role="alert" className="mt-8 text-sm text-destructive">
          Your settings could not be loaded. Please refresh the page.
        </p>
      ) : !settings ? (
        <p className="mt-8 text-sm text-muted-foreground">Loading…</p>
      ) : (
        <form
          className="mt-8 space-y-6 rounded-2xl border border-border bg-surface p-6"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <fieldset className="space-y-5">
            <legend className="text-sm font-medium text-ink">Email me about</legend>
            {NOTIFICATION_KINDS.map((kind) => (
              <div key={kind} className="flex items-start gap-3">
                <Checkbox
                  id={`email-${kind}`}
                  checked={settings.email[kind]}
                  onCheckedChange={(checked) => setSettings({ email: { ...settings.email, [kind]: checked === true } })}
                  aria-describedby={`email-${kind}-hint`}
                  className="mt-0.5"
                />
                <div>
                  <Label htmlFor={`email-${kind}`}>{EMAIL_KIND_LABELS[kind].label}</Label>
                  <p id={`email-${kind}-hint`} className="mt-1 text-sm text-muted-foreground">
                    {EMAIL_KIND_LABELS[kind].hint}
                  </p>
                </div>
              </div>
            ))}
          </fieldset>
          <p className="text-sm text-muted-foreground">Emails about signing in, your password and your address, and about money (invoices, payments, refunds and payouts), always reach you.</p>
          <Button type="submit" disabled={saving}>
            {saving ? 'Saving…' : 'Save settings'}
          </Button>
        </form>
      )}
    </div>
  );
}
