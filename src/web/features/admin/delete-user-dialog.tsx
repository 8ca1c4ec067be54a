import type { AdminUser } from '../../../domain/admin-schemas';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';

interface DeleteUserDialogProps {
  user: AdminUser | null;
  isPending: boolean;
  onCancel: () => void;
  onConfirm: (user: AdminUser) => void;
}

/** The confirmation before a deletion, as an alert dialog: Cancel is focused first, so Enter never deletes. */
export function DeleteUserDialog({ user, isPending, onCancel, onConfirm }: DeleteUserDialogProps) {
  return (
    <Dialog open={user !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent role="alertdialog" onPointerDownOutside={(event) => event.preventDefault()}>
        <DialogHeader>
          <DialogTitle>Are you sure?</DialogTitle>
          <DialogDescription>
            This action cannot be undone. This will permanently delete {user ? <strong className="font-semibold text-ink">{user.name}</strong> : 'this user'}
            ’s account and all associated data: their profile, portfolio, projects, process documentation and uploaded files.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="ghost" autoFocus>
              Cancel
            </Button>
          </DialogClose>
          <Button variant="destructive" onClick={() => user && onConfirm(user)} busy={isPending}>
            Delete
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
