import type { ReactNode } from 'react';
import { LoaderCircle } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';

interface ConfirmActionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  isBusy: boolean;
  tone?: 'primary' | 'destructive';
}

/** Asks before an action that cannot be undone (decline, cancel, approve, flag). */
export function ConfirmActionDialog({ open, onOpenChange, title, description, confirmLabel, onConfirm, isBusy, tone = 'primary' }: ConfirmActionDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={isBusy}>
            Keep as is
          </Button>
          <Button variant={tone} onClick={onConfirm} disabled={isBusy} aria-busy={isBusy || undefined}>
            {isBusy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
