import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Paperclip, Send, X } from 'lucide-react';
import { CONVERSATION_MESSAGES, MESSAGE_MAX_LENGTH } from '../../../domain/conversation-schemas';
import { Button } from '../../components/ui/button';
import { Textarea } from '../../components/ui/textarea';
import { MESSAGE_COUNT_FROM, MessageLength } from './message-length';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { UPLOAD_MESSAGES } from '../uploads/file-checks';

export interface Draft {
  body: string;
  file: File | null;
  clientMessageId: string;
}

/**
 * Writes one message: text (Enter sends, Shift+Enter is a new line) and optionally one file. The draft keeps its
 * client-made id until it is sent, so pressing Send again after a failure never makes a second message.
 */
const SEND_FAILED = 'Your message could not be sent. Please try again.';

export function MessageComposer({ onSend, label }: { onSend: (draft: Draft) => Promise<void>; label: string }) {
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const idRef = useRef<string>(crypto.randomUUID());
  const fileInput = useRef<HTMLInputElement>(null);
  const textareaId = useId();
  const errorId = useId();
  const countId = useId();

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (isSending) return;
    if (!body.trim() && !file) {
      setError(CONVERSATION_MESSAGES.bodyRequired);
      return;
    }
    if (body.trim().length > MESSAGE_MAX_LENGTH) {
      setError(CONVERSATION_MESSAGES.bodyTooLong);
      return;
    }
    setSending(true);
    setError(null);
    try {
      await onSend({ body: body.trim(), file, clientMessageId: idRef.current });
      idRef.current = crypto.randomUUID();
      setBody('');
      setFile(null);
      if (fileInput.current) fileInput.current.value = '';
    } catch (failure) {
      const fields = failure instanceof ApiError ? failure.fields : undefined;
      const message = fields?.body ?? fields?.file ?? (failure instanceof ApiError && failure.message ? failure.message : SEND_FAILED);
      setError(message);
      // Storage full (507) or the database unavailable (503): said where the other uploads say it too, as a toast.
      if (failure instanceof ApiError && (failure.status === 507 || failure.status === 503)) {
        toast.error(file ? UPLOAD_MESSAGES.failed : SEND_FAILED, { description: message });
      }
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="min-w-0 border-t border-border bg-paper p-3 sm:p-4" noValidate>
      <label htmlFor={textareaId} className="sr-only">
        {label}
      </label>
      <Textarea
        id={textareaId}
        rows={2}
        value={body}
        onChange={(event) => {
          setBody(event.target.value);
          // An error about the text goes once the text is fixed, not at the next send.
          if (error === CONVERSATION_MESSAGES.bodyRequired || error === CONVERSATION_MESSAGES.bodyTooLong) setError(null);
        }}
        onKeyDown={onKeyDown}
        placeholder="Write a message…"
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : null, body.length >= MESSAGE_COUNT_FROM ? countId : null].filter(Boolean).join(' ') || undefined}
        className="min-h-16 resize-none"
      />
      <MessageLength id={countId} length={body.length} />
      {error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-destructive">
          {error}
        </p>
      ) : null}
      <div className="mt-2 flex items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-2">
          <input
            ref={fileInput}
            id={`${textareaId}-file`}
            type="file"
            accept="image/jpeg,image/png,image/gif,image/webp,application/pdf"
            className="peer sr-only"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
          <label
            htmlFor={`${textareaId}-file`}
            className="inline-flex h-9 shrink-0 cursor-pointer items-center gap-1.5 rounded-full px-3 text-sm text-muted-foreground transition-colors duration-150 hover:bg-muted hover:text-ink peer-focus-visible:ring-2 peer-focus-visible:ring-accent"
          >
            <Paperclip aria-hidden="true" className="size-4" />
            Attach a file
          </label>
          {file ? (
            <span className="inline-flex min-w-0 items-center gap-1 text-sm text-ink">
              <span className="truncate">{file.name}</span>
              <button
                type="button"
                className="rounded-full p-1 text-muted-foreground hover:bg-muted hover:text-ink"
                onClick={() => {
                  setFile(null);
                  if (fileInput.current) fileInput.current.value = '';
                }}
              >
                <X aria-hidden="true" className="size-3.5" />
                <span className="sr-only">Remove {file.name}</span>
              </button>
            </span>
          ) : null}
        </div>
        <Button type="submit" size="sm" className="shrink-0" busy={isSending} icon={<Send aria-hidden="true" />}>
          Send
        </Button>
      </div>
    </form>
  );
}
