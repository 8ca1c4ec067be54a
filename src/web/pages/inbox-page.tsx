import { useParams } from 'react-router';
import { MessagesSquare } from 'lucide-react';
import { useSignedInUser } from '../features/auth/signed-in-user';
import { ConversationList } from '../features/inbox/conversation-list';
import { ConversationThreadView } from '../features/inbox/conversation-thread';
import { cn } from '../lib/utils';
import { usePageTitle } from '../lib/use-page-title';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `/inbox` and `/inbox/:conversationId`: the list and the open thread side by side on wide screens; on phones
 * they are two screens (the list, or the thread with a way back).
 */
export function InboxPage() {
  usePageTitle('Inbox');
  const user = useSignedInUser();
  const { conversationId } = useParams();
  const openId = conversationId && UUID.test(conversationId) ? conversationId : null;
  const isAdmin = user.role === 'admin';

  return (
    <div className="mx-auto max-w-6xl px-0 sm:px-8 sm:py-8">
      <div className="grid h-[calc(100dvh-4rem)] grid-cols-[minmax(0,1fr)] overflow-hidden border-border bg-surface sm:h-[calc(100dvh-10rem)] sm:rounded-2xl sm:border md:grid-cols-[20rem_minmax(0,1fr)]">
        <aside aria-labelledby="inbox-title" className={cn('min-h-0 min-w-0 overflow-y-auto border-border p-3 md:border-r', openId ? 'hidden md:block' : 'block')}>
          <h1 id="inbox-title" className="px-3 pb-3 pt-2 font-serif text-3xl">
            Inbox
          </h1>
          {isAdmin ? (
            <p className="px-3 text-sm text-muted-foreground">Admins open a conversation from a flagged project.</p>
          ) : (
            <ConversationList userId={user.id} />
          )}
        </aside>
        <div className={cn('min-h-0 min-w-0', openId ? 'block' : 'hidden md:block')}>
          {/* On a phone the open thread is the whole screen and the list, with its heading, is hidden: the page keeps
              its one first-level heading for screen readers (the thread's own title is the level below). */}
          {openId ? <h1 className="sr-only md:hidden">Inbox</h1> : null}
          {openId ? (
            <ConversationThreadView key={openId} conversationId={openId} userId={user.id} />
          ) : (
            <div className="flex h-full flex-col items-center justify-center gap-3 p-8 text-center text-muted-foreground">
              <MessagesSquare aria-hidden="true" className="size-10 text-border-strong" />
              <p className="max-w-xs text-sm">Choose a conversation to read it here.</p>
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
