import { useId, useRef, useState } from 'react';
import { ImageUp, LoaderCircle, Trash2 } from 'lucide-react';
import { toast } from '../../lib/toast';
import { isPreviewableImageUrl, type UploadUse } from '../../../domain/upload-policy';
import { UPLOAD_RULES } from '../../../domain/upload-policy';
import { Button } from '../../components/ui/button';
import { FieldError, Label } from '../../components/ui/label';
import { apiFetch, reasonToShow } from '../../lib/api';
import { cn } from '../../lib/utils';
import { checkFileBeforeUpload, IMAGE_ACCEPT, UPLOAD_MESSAGES } from './file-checks';

const ENDPOINTS: Partial<Record<UploadUse, string>> = {
  profileImage: '/api/uploads/profile-image',
  clientLogo: '/api/uploads/client-logo',
};

interface UploadFieldProps {
  id: string;
  label: string;
  use: 'profileImage' | 'clientLogo';
  value: string | null;
  onChange: (url: string | null) => void;
  /** A validation message from the form (e.g. the server refused the link). */
  error?: string;
  /** Shown in the empty frame, e.g. the person's initials. */
  placeholder?: string;
  shape?: 'round' | 'square';
}

/**
 * Uploads an image as soon as it is chosen and hands the stored URL to the form. Size and type are checked
 * here first; the server checks them again, by content.
 */
export function UploadField({ id, label, use, value, onChange, error, placeholder, shape = 'round' }: UploadFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [isUploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const shownError = uploadError ?? error;
  const rule = UPLOAD_RULES[use];

  const upload = async (file: File) => {
    const problem = checkFileBeforeUpload(file, use);
    if (problem) {
      setUploadError(problem);
      toast.error(problem);
      return;
    }
    setUploadError(null);
    setUploading(true);
    try {
      const body = new FormData();
      body.append('file', file);
      const stored = await apiFetch<{ url: string; thumbnailUrl: string | null }>(ENDPOINTS[use]!, { method: 'POST', body });
      onChange(stored.url);
      toast.success(UPLOAD_MESSAGES.uploaded);
    } catch (failure) {
      const message = reasonToShow(failure) ?? null;
      setUploadError(message ?? UPLOAD_MESSAGES.failed);
      toast.error(UPLOAD_MESSAGES.failed, message ? { description: message } : undefined);
    } finally {
      setUploading(false);
    }
  };

  const hasPreview = value !== null && isPreviewableImageUrl(value);
  return (
    <div className="grid gap-2.5">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-4">
        <div
          className={cn(
            'flex size-20 shrink-0 items-center justify-center overflow-hidden border border-border bg-muted text-xl font-medium text-muted-foreground',
            shape === 'round' ? 'rounded-full' : 'rounded-xl',
          )}
        >
          {hasPreview ? (
            <img src={value} alt={`Current ${label.toLowerCase()}`} className={cn('size-full', shape === 'round' ? 'object-cover' : 'object-contain p-1.5')} />
          ) : (
            <span aria-hidden="true">{placeholder ?? <ImageUp className="size-6" />}</span>
          )}
        </div>
        <div className="grid gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <input
              ref={inputRef}
              id={id}
              type="file"
              accept={IMAGE_ACCEPT}
              className="peer sr-only"
              disabled={isUploading}
              aria-describedby={[hintId, shownError ? `${id}-error` : ''].filter(Boolean).join(' ')}
              aria-invalid={shownError ? true : undefined}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void upload(file);
              }}
            />
            <Button
              type="button"
              variant="secondary"
              size="sm"
              tabIndex={-1}
              aria-hidden="true"
              disabled={isUploading}
              className="peer-focus-visible:outline-2 peer-focus-visible:outline-offset-3 peer-focus-visible:outline-accent"
              onClick={() => inputRef.current?.click()}
            >
              {isUploading ? <LoaderCircle className="animate-spin" /> : <ImageUp />}
              {isUploading ? 'Uploading…' : value ? 'Replace image' : 'Choose image'}
            </Button>
            {value && !isUploading ? (
              <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
                <Trash2 aria-hidden="true" />
                Remove
              </Button>
            ) : null}
          </div>
          <p id={hintId} className="text-sm text-muted-foreground">
            JPG, PNG, GIF or WebP, up to {rule.maxMb} MB.
          </p>
        </div>
      </div>
      <FieldError id={`${id}-error`} message={shownError ?? undefined} />
    </div>
  );
}
