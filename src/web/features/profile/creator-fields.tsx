import type { ComponentProps } from 'react';
import { BIO_MAX } from '../../../domain/profile-schemas';
import { Button } from '../../components/ui/button';
import { UploadField } from '../uploads/upload-field';
import { TextareaField } from './form-parts';
import { initialsOf } from './labels';

// The fields a maker's and a mind's profile forms share; each form gives them its own ids and hints.

type BioFieldProps = Omit<ComponentProps<typeof TextareaField>, 'label' | 'rows' | 'counter'> & { length: number };

export function BioField({ length, ...props }: BioFieldProps) {
  return <TextareaField label="Bio" rows={5} counter={{ value: length, max: BIO_MAX }} {...props} />;
}

interface ProfileImageFieldProps {
  id: string;
  value: string | null;
  onChange: (url: string | null) => void;
  error?: string;
  /** The creator's name, whose initials fill the frame until there is an image. */
  personName: string;
}

export function ProfileImageField({ personName, ...props }: ProfileImageFieldProps) {
  return <UploadField label="Profile image" use="profileImage" placeholder={initialsOf(personName)} {...props} />;
}

/** Dashboard only, for a rejected creator: saves and sends the application again. */
export function ResubmitButton({ disabled, onClick }: { disabled: boolean; onClick: () => void }) {
  return (
    <Button type="button" variant="secondary" size="lg" disabled={disabled} onClick={onClick}>
      Save and resubmit application
    </Button>
  );
}
