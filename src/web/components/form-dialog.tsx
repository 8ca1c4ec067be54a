import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from './ui/dialog';

interface DialogFormFooterProps {
  onCancel: () => void;
  cancelLabel?: string;
  /** The submit button's label; none when the form cannot be sent now and the dialog only explains why. */
  submitLabel?: string;
  submitVariant?: ButtonProps['variant'];
  isBusy: boolean;
  /** False while the form is known to be invalid (e.g. a note over its length). */
  canSubmit?: boolean;
  className?: string;
}

/** The footer of a dialog's form: a way out, and the submit button that shows it is working. */
export function DialogFormFooter({ onCancel, cancelLabel = 'Cancel', submitLabel, submitVariant = 'primary', isBusy, canSubmit = true, className }: DialogFormFooterProps) {
  return (
    <DialogFooter className={className}>
      <Button type="button" variant="ghost" onClick={onCancel} disabled={isBusy}>
        {cancelLabel}
      </Button>
      {submitLabel ? (
        <Button type="submit" variant={submitVariant} disabled={!canSubmit} busy={isBusy}>
          {submitLabel}
        </Button>
      ) : null}
    </DialogFooter>
  );
}

interface FormDialogProps extends Omit<DialogFormFooterProps, 'onCancel' | 'className'> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  onSubmit: () => void;
  children: ReactNode;
}

/** A dialog that is one small form (a note, a reason): its title and description, the fields, and the footer. */
export function FormDialog({ open, onOpenChange, title, description, onSubmit, children, ...footer }: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          <DialogFormFooter onCancel={() => onOpenChange(false)} {...footer} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
