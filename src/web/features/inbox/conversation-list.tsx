import { Link, NavLink } from 'react-router';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { CONVERSATION_MESSAGES, inboxPath, type ConversationSummary } from '../../../domain/conversation-schemas';
import { CreatorAvatar } from '../../components/creator-card';
import { Button } from '../../components/ui/button';
import { useSignedInUser } from '../auth/signed-in-user';
import { LoadOlder } from '../../components/load-older';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { cn } from '../../lib/utils';
import { conversationsQueryKey, fetchConversations } from './inbox-api';
import { subscribeToInbox } from '../../lib/inbox-stream';
import { formatMonthDay, formatTime } from '../../../domain/dates';

const whenOf = (iso: string): string => {
  const date = new Date(iso);
  return date.toDateString() === new Date().toDateString() ? formatTime(date) : formatMonthDay(date);
};

function ConversationRow({ conversation, userId }: { conversation: ConversationSummary; userId: string }) {
  const last = conversation.lastMessage;
  const preview = last ? `${last.kind === 'text' && last.senderId === userId ? 'You: ' : ''}${last.body || 'Sent a file'}` : 'No messages yet';
  return (
    <NavLink
      to={inboxPath(conversation.id)}
      className={({ isActive }) =>
        cn(
          'flex items-center gap-3 rounded-xl px-3 py-3 transition-colors duration-150 hover:bg-muted',
          isActive ? 'bg-accent-soft/60 hover:bg-accent-soft/60' : undefined,
        )
      }
    >
      <CreatorAvatar name={conversation.other.name} url={conversation.other.avatarUrl} className="size-11 shrink-0 text-base" />
      <span className="min-w-0 flex-1">
        <span className="flex items-baseline justify-between gap-2">
          <span className={cn('truncate text-[0.9375rem] text-ink', conversation.unread > 0 && 'font-semibold')}>{conversation.other.name}</span>
          <time dateTime={conversation.lastMessageAt} className="shrink-0 text-xs text-muted-foreground">
            {whenOf(conversation.lastMessageAt)}
          </time>
        </span>
        <span className="mt-0.5 flex items-center justify-between gap-2">
          <span className={cn('truncate text-sm', conversation.unread > 0 ? 'text-ink' : 'text-muted-foreground')}>{preview}</span>
          {conversation.unread > 0 ? (
            <span className="inline-flex min-w-5 shrink-0 items-center justify-center rounded-full bg-accent px-1.5 text-xs font-semibold text-accent-foreground">
              {conversation.unread}
              <span className="sr-only"> unread</span>
            </span>
          ) : null}
        </span>
      </span>
    </NavLink>
  );
}

/**
 * The caller's conversations, newest first, a page at a time ('Show older conversations' reads the next); refreshed,
 * every page read so far, whenever the stream brings a message.
 */
export function ConversationList({ userId }: { userId: string }) {
  const { role } = useSignedInUser();
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: conversationsQueryKey,
    queryFn: ({ signal, pageParam }) => fetchConversations(signal, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  useEffect(
    () =>
      subscribeToInbox((event) => {
        if (event.type === 'message') void queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true });
      }),
    [queryClient],
  );

  if (query.isPending) return <ListSkeleton rows={4} />;
  // An older page that failed leaves the pages already read on screen, with its own message below them.
  if (!query.data) return <ErrorState message="Your conversations could not be loaded." onRetry={() => void query.refetch()} />;
  // A conversation can move from an older page to the first between two reads (a new message): shown once.
  const byId = new Map<string, ConversationSummary>();
  for (const page of query.data.pages) for (const conversation of page.conversations) if (!byId.has(conversation.id)) byId.set(conversation.id, conversation);
  const conversations = [...byId.values()];
  if (conversations.length === 0) {
    const hint = role === 'client' ? CONVERSATION_MESSAGES.emptyHintClient : role === 'maker' || role === 'mind' ? CONVERSATION_MESSAGES.emptyHintCreator : CONVERSATION_MESSAGES.emptyHint;
    const action =
      role === 'client' ? (
        <Button asChild size="sm" variant="secondary">
          <Link to="/marketplace">Browse the marketplace</Link>
        </Button>
      ) : undefined;
    return <EmptyState title={CONVERSATION_MESSAGES.empty} description={hint} action={action} />;
  }
  return (
    <>
      <ul className="space-y-1">
        {conversations.map((conversation) => (
          <li key={conversation.id}>
            <ConversationRow conversation={conversation} userId={userId} />
          </li>
        ))}
      </ul>
      {query.hasNextPage ? (
        <LoadOlder
          className="mt-3 flex flex-col items-center gap-2"
          label="Show older conversations"
          busy={query.isFetchingNextPage}
          onLoad={() => void query.fetchNextPage()}
          failedMessage={query.isFetchNextPageError ? 'Older conversations could not be loaded. Please try again.' : null}
        />
      ) : null}
    </>
  );
}
