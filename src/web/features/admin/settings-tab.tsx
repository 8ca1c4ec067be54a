import { ADMIN_MESSAGES } from '../../../domain/admin-schemas';
import type { PlatformSettings, PlatformSettingsUpdate } from '../../../domain/settings-schemas';
import { ErrorState, ListSkeleton } from '../../components/list-states';
import { Checkbox } from '../../components/ui/checkbox';
import { Label } from '../../components/ui/label';
import { SectionHeading } from './admin-bits';
import { BankDetailsSettings } from './bank-details-settings';
import { adminKeys, useAdminAction, useAdminQuery } from './admin-data';

export const SETTINGS_MESSAGES = {
  saved: 'Settings saved',
  failed: 'Could not save the settings',
} as const;

export function SettingsTab() {
  const query = useAdminQuery<{ settings: PlatformSettings }>(adminKeys.settings, '/api/admin/settings');
  const save = useAdminAction<PlatformSettingsUpdate>({
    request: (update) => ({ path: '/api/admin/settings', init: { method: 'PATCH', body: update } }),
    success: SETTINGS_MESSAGES.saved,
    failure: SETTINGS_MESSAGES.failed,
  });
  return (
    <section aria-labelledby="settings-heading">
      <SectionHeading id="settings-heading" title="Settings" description="Platform-wide choices. Every change is recorded in the audit log." />
      {query.isPending ? (
        <ListSkeleton rows={1} />
      ) : query.isError ? (
        <ErrorState message={ADMIN_MESSAGES.loadFailed} onRetry={() => void query.refetch()} />
      ) : (
        <div className="grid gap-6">
          <div className="rounded-2xl border border-border bg-surface p-6">
            <div className="flex items-start gap-4">
              <Checkbox
                id="setting-ai-training"
                className="mt-1"
                checked={query.data.settings.aiTrainingOptOut}
                disabled={save.isPending}
                aria-describedby="setting-ai-training-help"
                onCheckedChange={(checked) => save.mutate({ aiTrainingOptOut: checked === true })}
              />
              <div>
                <Label htmlFor="setting-ai-training" className="text-base font-semibold">
                  Reserve creators’ work from AI training
                </Label>
                <p id="setting-ai-training-help" className="mt-1 max-w-2xl text-muted-foreground">
                  Sends the TDMRep reservation with every creator’s file and studio, and asks AI-training crawlers in
                  robots.txt to stay out of studios and files. Search engines are unaffected. Explained to everyone at{' '}
                  <a href="/ai-policy" className="underline underline-offset-4">
                    /ai-policy
                  </a>
                  .
                </p>
              </div>
            </div>
          </div>
          <BankDetailsSettings key={JSON.stringify(query.data.settings.bankDetails)} current={query.data.settings.bankDetails} />
        </div>
      )}
    </section>
  );
}
