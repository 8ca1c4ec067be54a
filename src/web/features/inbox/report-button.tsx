import { useState } from 'react';
import { Flag } from 'lucide-react';
import { CONVERSATION_MESSAGES } from '../../../domain/conversation-schemas';
import { apiFetch, reasonToShow } from '../../lib/api';
import { toast } from '../../lib/toast';
import { ConfirmActionDialog } from '../projects/confirm-action-dialog';

/** Reports one of the other person's messages to the admins, after asking. */
export function ReportButton({ conversationId, messageId, senderName }: { conversationId: string; messageId: string; senderName: string }) {
  const [isOpen, setOpen] = useState(false);
  const [isBusy, setBusy] = useState(false);
  const report = async () => {
    setBusy(true);
    try {
      await apiFetch(`/api/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}/report`, { method: 'POST', body: {} });
      setOpen(false);
      toast.success(CONVERSATION_MESSAGES.reported);
    } catch (error) {
      toast.error(reasonToShow(error) ?? 'Could not send the report. Please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="mt-1 inline-flex items-center gap-1 rounded-sm text-xs text-muted-foreground underline-offset-4 hover:text-ink hover:underline"
      >
        <Flag aria-hidden="true" className="size-3" />
        Report<span className="sr-only"> this message from {senderName}</span>
      </button>
      <ConfirmActionDialog
        open={isOpen}
        onOpenChange={setOpen}
        title="Report this message?"
        description="An admin at Humanmade will read it with the messages around it, and may remove it."
        confirmLabel="Report"
        tone="destructive"
        isBusy={isBusy}
        onConfirm={() => void report()}
      />
    </>
  );
}
