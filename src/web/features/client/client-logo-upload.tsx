import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Building2, LoaderCircle, Upload } from 'lucide-react';
import { toast } from '../../lib/toast';
import { CLIENT_PROFILE_MESSAGES, type ClientProfileView } from '../../../domain/client-dashboard-schemas';
import { fileTooLargeMessage } from '../../../domain/messages';
import { UPLOAD_RULES } from '../../../domain/upload-policy';
import { Button } from '../../components/ui/button';
import { apiFetch } from '../../lib/api';
import { toastActionError } from '../projects/action-errors';
import { CLIENT_DASHBOARD_QUERY_KEY } from './client-api';

const RULE = UPLOAD_RULES.clientLogo;

export function ClientLogoUpload({ logoUrl, companyName }: { logoUrl: string | null; companyName: string | null }) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [isUploading, setIsUploading] = useState(false);

  const upload = async (file: File) => {
    if (file.size > RULE.maxMb * 1024 * 1024) {
      toast.error(CLIENT_PROFILE_MESSAGES.logoFailed, { description: fileTooLargeMessage(RULE.maxMb) });
      return;
    }
    setIsUploading(true);
    const form = new FormData();
    form.append('file', file);
    try {
      await apiFetch<ClientProfileView>('/api/client/profile/logo', { method: 'POST', body: form });
      await queryClient.invalidateQueries({ queryKey: CLIENT_DASHBOARD_QUERY_KEY });
      toast.success(CLIENT_PROFILE_MESSAGES.logoUploaded);
    } catch (error) {
      toastActionError(error, CLIENT_PROFILE_MESSAGES.logoFailed);
    } finally {
      setIsUploading(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="flex items-center gap-5">
      {logoUrl ? (
        <img src={logoUrl} alt={companyName ? `${companyName} logo` : 'Company logo'} className="size-20 rounded-2xl border border-border bg-surface object-contain p-1.5" />
      ) : (
        <span className="inline-flex size-20 items-center justify-center rounded-2xl border border-dashed border-border-strong bg-muted" aria-hidden="true">
          <Building2 className="size-8 text-muted-foreground" />
        </span>
      )}
      <div className="grid gap-1.5">
        <label htmlFor="client-logo-file" className="sr-only">
          Company logo
        </label>
        <input
          ref={input}
          id="client-logo-file"
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <Button variant="secondary" size="sm" onClick={() => input.current?.click()} disabled={isUploading} aria-busy={isUploading || undefined}>
          {isUploading ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Upload aria-hidden="true" />}
          {logoUrl ? 'Replace logo' : 'Upload logo'}
        </Button>
        <p className="text-sm text-muted-foreground">JPG, PNG, GIF or WebP, up to {RULE.maxMb} MB.</p>
      </div>
    </div>
  );
}
