import { useState } from 'react';
import { Ban } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ApiError, apiFetch, reasonToShow } from '../../lib/api';
import { toast } from '../../lib/toast';
import { ConfirmActionDialog } from '../projects/confirm-action-dialog';

/** Blocks the other person after asking; the thread then refuses new messages from either side. */
export function BlockButton({ conversationId, name, onBlocked }: { conversationId: string; name: string; onBlocked: () => void }) {
  const [isOpen, setOpen] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const block = async () => {
    setBusy(true);
    try {
      await apiFetch<void>(`/api/conversations/${encodeURIComponent(conversationId)}/block`, { method: 'POST', body: {} });
      setOpen(false);
      toast.success(`${name} is blocked`);
      onBlocked();
    } catch (error) {
      toast.error(reasonToShow(error) ?? 'Could not block. Please try again.');
      // 409: the other person blocked first. The thread is read again, and shows their block.
      if (error instanceof ApiError && error.status === 409) {
        setOpen(false);
        onBlocked();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="ghost" size="sm" className="ml-auto text-muted-foreground" onClick={() => setOpen(true)}>
        <Ban aria-hidden="true" />
        Block
      </Button>
      <ConfirmActionDialog
        open={isOpen}
        onOpenChange={setOpen}
        title={`Block ${name}?`}
        description="Neither of you will be able to send messages in this conversation. Its history stays here."
        confirmLabel="Block"
        tone="destructive"
        isBusy={isBusy}
        onConfirm={() => void block()}
      />
    </>
  );
}

/** Lifts the viewer's own block at once: nothing is lost by writing again, so no question is asked. */
export function UnblockButton({ conversationId, name, onUnblocked }: { conversationId: string; name: string; onUnblocked: () => void }) {
  const [isBusy, setBusy] = useState(false);
  const unblock = async () => {
    setBusy(true);
    try {
      await apiFetch<void>(`/api/conversations/${encodeURIComponent(conversationId)}/unblock`, { method: 'POST', body: {} });
      toast.success(`${name} is unblocked`);
      onUnblocked();
    } catch (error) {
      toast.error(reasonToShow(error) ?? 'Could not unblock. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" disabled={isBusy} onClick={() => void unblock()}>
      Unblock {name}
    </Button>
  );
}
