import { useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Send } from 'lucide-react';
import { CONVERSATION_MESSAGES, inboxPath, messageBodyField } from '../../../domain/conversation-schemas';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { ApiError } from '../../lib/api';
import { startConversation } from './inbox-api';
import { MESSAGE_COUNT_FROM, MessageLength } from './message-length';

/**
 * A signed-in client's first (or next) message to a creator, from the studio page or the marketplace card. It
 * opens the pair's conversation in the inbox once sent.
 */
export function MessageCreatorDialog({ creator, onClose }: { creator: { id: string; name: string }; onClose: () => void }) {
  const navigate = useNavigate();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const idRef = useRef(crypto.randomUUID());
  const fieldId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = messageBodyField.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? CONVERSATION_MESSAGES.bodyRequired);
      // Back to the field, so the message typed next goes into it and not into the button.
      document.getElementById(fieldId)?.focus();
      return;
    }
    setSending(true);
    setError(null);
    try {
      const sent = await startConversation({ creatorId: creator.id, body: parsed.data, clientMessageId: idRef.current });
      onClose();
      void navigate(inboxPath(sent.conversationId));
    } catch (failure) {
      setError(failure instanceof ApiError && failure.message ? (failure.fields?.body ?? failure.message) : 'Your message could not be sent. Please try again.');
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Message {creator.name}</DialogTitle>
          <DialogDescription>Ask a question or share your brief. {creator.name} replies in your inbox.</DialogDescription>
        </DialogHeader>
        <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
          <div className="space-y-2">
            <Label htmlFor={fieldId}>Your message</Label>
            <Textarea
              id={fieldId}
              rows={5}
              value={body}
              onChange={(event) => {
                setBody(event.target.value);
                if (error === CONVERSATION_MESSAGES.bodyRequired || error === CONVERSATION_MESSAGES.bodyTooLong) setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={[error ? `${fieldId}-error` : null, body.length >= MESSAGE_COUNT_FROM ? `${fieldId}-count` : null].filter(Boolean).join(' ') || undefined}
            />
            <MessageLength id={`${fieldId}-count`} length={body.length} />
            {error ? (
              <p id={`${fieldId}-error`} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
          <div className="flex justify-end">
            <Button type="submit" busy={isSending} icon={<Send aria-hidden="true" />}>
              Send message
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
