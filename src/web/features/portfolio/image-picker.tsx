import { useEffect, useMemo } from 'react';
import { ImagePlus } from 'lucide-react';
import { FieldError, Label } from '../../components/ui/label';
import { isPreviewableImageFile } from '../../../domain/upload-policy';
import { cn } from '../../lib/utils';
import { IMAGE_ACCEPT } from '../uploads/file-checks';

interface ImagePickerProps {
  id: string;
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  maxMb: number;
  error?: string;
}

/** Chooses an image to send with a form, and previews it locally before anything is uploaded. */
export function ImagePicker({ id, label, file, onChange, maxMb, error }: ImagePickerProps) {
  // The upload field's rule (`PREVIEWABLE_IMAGE_EXTENSIONS`): only jpg, jpeg, png, gif and webp are drawn as a preview.
  const preview = useMemo(() => (file && isPreviewableImageFile(file) ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  return (
    <div className="grid gap-2">
      <Label id={`${id}-label`} htmlFor={id}>
        {label}
      </Label>
      <label
        htmlFor={id}
        className={cn(
          'relative flex aspect-[4/3] cursor-pointer flex-col items-center justify-center gap-2 overflow-hidden rounded-xl border border-dashed bg-muted/50 text-center text-sm text-muted-foreground transition-colors duration-150 hover:border-border-strong has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-3 has-[:focus-visible]:outline-accent',
          error ? 'border-destructive' : 'border-border-strong/60',
        )}
      >
        {preview ? (
          <img src={preview} alt="Preview of the chosen image" className="absolute inset-0 size-full object-cover" />
        ) : (
          <>
            <ImagePlus aria-hidden="true" className="size-7" />
            <span>{file ? file.name : 'Choose an image'}</span>
            <span className="text-xs">JPG, PNG, GIF or WebP, up to {maxMb} MB</span>
          </>
        )}
        <input
          id={id}
          type="file"
          accept={IMAGE_ACCEPT}
          className="sr-only"
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
      </label>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}
