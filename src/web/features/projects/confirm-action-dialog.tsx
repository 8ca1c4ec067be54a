import type { ReactNode, RefObject } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';

interface ConfirmActionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The way out; "Keep as is" for a change to something that exists, "Cancel" for a commitment not yet made. */
  cancelLabel?: string;
  onConfirm: () => void;
  /** The button that opened the dialog, focused again when it closes while that button is still on the page. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  isBusy: boolean;
  tone?: 'primary' | 'destructive';
}

/** Asks before an action that cannot be undone (decline, cancel, approve, flag, accept an offer). */
export function ConfirmActionDialog({ open, onOpenChange, title, description, confirmLabel, cancelLabel = 'Keep as is', onConfirm, returnFocusRef, isBusy, tone = 'primary' }: ConfirmActionDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          // Without a Radix trigger, focus would fall to the page's start; a keyboard user keeps their place instead.
          const target = returnFocusRef?.current;
          if (!target?.isConnected) return;
          event.preventDefault();
          target.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={isBusy}>
            {cancelLabel}
          </Button>
          <Button variant={tone} onClick={onConfirm} busy={isBusy}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
