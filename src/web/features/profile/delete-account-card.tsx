import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { ApiError, apiFetch } from '../../lib/api';
import { setSessionUser } from '../../lib/session';
import { useLeaveToHome } from '../auth/use-leave-to-home';

/** Deleting one's own account (everything that is theirs goes, decision 022), after a confirmation. */
export function DeleteAccountCard() {
  const queryClient = useQueryClient();
  const leave = useLeaveToHome();
  const [open, setOpen] = useState(false);
  const [isDeleting, setDeleting] = useState(false);

  const remove = async () => {
    setDeleting(true);
    try {
      await apiFetch<null>('/api/account', { method: 'DELETE' });
      // Leave the guarded page before clearing the session, or its guard would bounce to /auth.
      await leave();
      await queryClient.cancelQueries();
      queryClient.removeQueries();
      setSessionUser(queryClient, null);
      toast.success('Your account has been deleted.');
    } catch (error) {
      setDeleting(false);
      toast.error('Error deleting account', { description: error instanceof ApiError && error.message ? error.message : undefined });
    }
  };

  return (
    <section aria-labelledby="delete-account-heading" className="rounded-2xl border border-destructive/30 p-5 sm:p-6">
      <h2 id="delete-account-heading" className="text-2xl">
        Delete account
      </h2>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        This permanently deletes your account, your profile, your portfolio, your process documentation and every file
        you uploaded. Projects you were working on are cancelled, and money a client paid for work not yet approved goes
        back to them. Earnings not yet paid out must be paid out first. It cannot be undone.
      </p>
      <Dialog open={open} onOpenChange={(next) => !isDeleting && setOpen(next)}>
        <DialogTrigger asChild>
          <Button variant="destructive" className="mt-5">
            Delete my account
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Are you sure?</DialogTitle>
            <DialogDescription>
              This cannot be undone. It permanently deletes your account and all associated data: your profile, portfolio
              and uploaded files.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary" disabled={isDeleting}>
                Cancel
              </Button>
            </DialogClose>
            <Button variant="destructive" onClick={() => void remove()} busy={isDeleting}>
              Delete my account
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}
