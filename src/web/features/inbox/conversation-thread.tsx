import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, Download, FileText, MessageSquareOff } from 'lucide-react';
import { CONVERSATION_MESSAGES, type ConversationThread, type MessageView } from '../../../domain/conversation-schemas';
import { Button } from '../../components/ui/button';
import { LoadOlder } from '../../components/load-older';
import { CreatorAvatar } from '../../components/creator-card';
import { ErrorState, ListSkeleton } from '../../components/list-states';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/utils';
import { conversationsQueryKey, fetchThread, markRead, newClientMessageId, postAttachment, postMessage, threadQueryKey } from './inbox-api';
import { subscribeToInbox } from '../../lib/inbox-stream';
import { BlockButton, UnblockButton } from './block-button';
import { ReportButton } from './report-button';
import { MessageComposer, type Draft } from './message-composer';
import { MessageText } from './message-text';
import { formatDateTime } from '../../../domain/dates';
import { dashboardPath, projectCardPath } from '../../../domain/routes';


/**
 * When an admin removes a message, the stream sends it again as it now reads (decision 229): 'Message removed by
 * Humanmade', without its files, as a reload would show it. It takes the place of the one shown; a message once
 * removed stays so. The same list when there is nothing to replace.
 */
const withRemoved = (shown: MessageView[], incoming: MessageView): MessageView[] => {
  if (!incoming.removed) return shown;
  const index = shown.findIndex((message) => message.id === incoming.id);
  if (index < 0 || shown[index].removed) return shown;
  return shown.map((message, at) => (at === index ? incoming : message));
};

/**
 * Adds messages to a thread in the cache, once each, in order, and puts removed ones in place of the words. A removed
 * message not shown is not added when it is older than the newest shown: it belongs to an earlier page, which reads it
 * removed when it is loaded.
 */
const withMessages = (thread: ConversationThread, added: MessageView[]): ConversationThread => {
  const ours = added.filter((message) => message.conversationId === thread.id);
  const messages = ours.reduce(withRemoved, thread.messages);
  const known = new Set(messages.map((message) => message.id));
  const newest = messages.at(-1)?.seq ?? 0;
  const fresh = ours.filter((message) => !known.has(message.id) && (!message.removed || message.seq > newest));
  if (fresh.length === 0 && messages === thread.messages) return thread;
  return { ...thread, messages: [...messages, ...fresh].sort((a, b) => a.seq - b.seq) };
};

function Attachments({ message }: { message: MessageView }) {
  if (message.attachments.length === 0) return null;
  return (
    <div className="mt-2 flex flex-col gap-2">
      {message.attachments.map((file) =>
        file.isImage ? (
          <a key={file.id} href={file.url} target="_blank" rel="noopener noreferrer" className="block overflow-hidden rounded-lg">
            <img src={file.url} alt={file.name} className="max-h-64 w-auto max-w-full rounded-lg object-cover" />
          </a>
        ) : (
          <a key={file.id} href={file.url} className="inline-flex max-w-full items-center gap-2 rounded-lg border border-border bg-paper px-3 py-2 text-sm font-medium text-ink hover:border-accent">
            <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            <span className="min-w-0 truncate">{file.name}</span>
            <Download aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          </a>
        ),
      )}
    </div>
  );
}

interface MessageItemProps {
  message: MessageView;
  mine: boolean;
  senderName: string;
  canReport: boolean;
  /** For a reader who is neither side (an admin on a flagged project): who wrote it, shown, and the creator's on the right. */
  shownSender?: { name: string; side: 'client' | 'creator' };
}

function MessageItem({ message, mine, senderName, canReport, shownSender }: MessageItemProps) {
  const time = formatDateTime(message.createdAt);
  if (message.kind === 'system') {
    return (
      <li className="my-3 flex justify-center px-4">
        <p className="min-w-0 max-w-md rounded-full bg-muted px-4 py-1.5 text-center text-xs leading-relaxed text-muted-foreground wrap-anywhere">
          {message.body} <span className="whitespace-nowrap">· {time}</span>
        </p>
      </li>
    );
  }
  const onRight = mine || shownSender?.side === 'creator';
  return (
    <li className={cn('flex', onRight ? 'justify-end' : 'justify-start')}>
      <div className={cn('min-w-0 max-w-[85%] sm:max-w-[70%]', onRight ? 'items-end text-right' : 'items-start')}>
        <p className="mb-1 text-xs text-muted-foreground">
          {shownSender ? (
            <span className="font-medium text-ink">
              {shownSender.name} ({shownSender.side}) ·{' '}
            </span>
          ) : (
            <span className="sr-only">{mine ? 'You' : senderName}, </span>
          )}
          <time dateTime={message.createdAt}>{time}</time>
        </p>
        <div
          className={cn(
            'whitespace-pre-wrap rounded-2xl wrap-anywhere px-4 py-2.5 text-left text-[0.9375rem] leading-relaxed',
            mine
              ? 'rounded-br-md bg-ink text-paper'
              : onRight
                ? 'rounded-br-md border border-border bg-muted text-ink'
                : 'rounded-bl-md border border-border bg-surface text-ink',
          )}
        >
          {message.removed ? <span className="italic opacity-80">{message.body}</span> : message.body ? <MessageText text={message.body} /> : null}
          <Attachments message={message} />
        </div>
        {canReport && !mine && !message.removed ? <ReportButton conversationId={message.conversationId} messageId={message.id} senderName={senderName} /> : null}
      </div>
    </li>
  );
}

/**
 * A conversation that does not exist, or is not the reader's (the server answers both with 404, so as not to say
 * which): said plainly, with the way back, instead of an error offering a retry that cannot help.
 */
function ConversationNotFound() {
  return (
    <section aria-labelledby="thread-not-found" className="flex h-full flex-col items-center justify-center gap-3 p-8 text-center">
      <MessageSquareOff aria-hidden="true" className="size-10 text-border-strong" />
      <h2 id="thread-not-found" className="font-serif text-2xl">
        {CONVERSATION_MESSAGES.notFound}
      </h2>
      <p className="max-w-xs text-sm text-muted-foreground">This conversation does not exist, or it is not one of yours. Your conversations are all in your inbox.</p>
      <Button asChild variant="secondary" size="sm" className="mt-2">
        <Link to="/inbox">
          <ArrowLeft aria-hidden="true" />
          Back to your inbox
        </Link>
      </Button>
    </section>
  );
}

/** Earlier pages, kept beside the cached newest page so a refetch of the thread never drops what was loaded. */
const withEarlier = (earlier: MessageView[], newest: MessageView[]): MessageView[] => {
  if (earlier.length === 0) return newest;
  const known = new Set(newest.map((message) => message.id));
  return [...earlier.filter((message) => !known.has(message.id)), ...newest];
};

interface EarlierPages {
  conversationId: string;
  messages: MessageView[];
  hasEarlier: boolean;
  isLoading: boolean;
  failed: boolean;
}

/** 'Load earlier messages': the pages before the oldest message shown, for this conversation only. */
function useEarlierMessages(conversationId: string, onLoaded: () => void) {
  const empty: EarlierPages = { conversationId, messages: [], hasEarlier: false, isLoading: false, failed: false };
  const [stored, setState] = useState<EarlierPages>(empty);
  const state = stored.conversationId === conversationId ? stored : empty;
  /** A message removed by an admin, read again from the stream, replaces its words on an earlier page too. */
  const showRemoved = useCallback(
    (message: MessageView) =>
      setState((current) => {
        const messages = withRemoved(current.messages, message);
        return messages === current.messages ? current : { ...current, messages };
      }),
    [],
  );
  const load = async (beforeSeq: number | undefined) => {
    if (!beforeSeq) return;
    setState({ ...state, isLoading: true, failed: false });
    try {
      const page = await fetchThread(conversationId, undefined, beforeSeq);
      onLoaded();
      setState({ conversationId, messages: [...page.messages, ...state.messages], hasEarlier: page.hasEarlier, isLoading: false, failed: false });
    } catch {
      setState({ ...state, isLoading: false, failed: true });
    }
  };
  return { ...state, load, showRemoved };
}

/**
 * Under the other person's name: the thread's projects, each leading a participant to its card on their dashboard's
 * Projects tab (where the project's offer, milestones and actions are), and for the client a way to start a project with this
 * creator. A creator who asks "send me a brief through a project" must not leave the client looking for where.
 */
function ThreadProjects({ thread }: { thread: ConversationThread }) {
  const titles = thread.projects.map((project) => project.title).join(' · ');
  const side = thread.viewerSide;
  const dashboard = side === 'client' ? 'client' : thread.creator.role === 'mind' ? 'mind' : 'maker';
  const hirePath = side === 'client' && !thread.blocked ? `${dashboardPath('client')}?hire=${encodeURIComponent(thread.creator.id)}` : null;
  if (thread.projects.length === 0 && !hirePath) return null;
  return (
    // Wraps rather than squeezes: long titles keep their line (truncated at its end) and the link moves under them.
    <p className="flex min-w-0 flex-wrap items-baseline gap-x-3 text-xs text-muted-foreground">
      {thread.projects.length > 0 ? (
        <span className="min-w-0 max-w-full truncate" title={titles}>
          {thread.projects.length === 1 ? 'Project: ' : 'Projects: '}
          {side
            ? thread.projects.map((project, index) => (
                <Fragment key={project.id}>
                  {index > 0 ? ' · ' : null}
                  <Link to={projectCardPath(dashboard, project.id)} className="text-ink underline underline-offset-2 hover:text-accent-strong">
                    {project.title}
                  </Link>
                </Fragment>
              ))
            : titles}
        </span>
      ) : null}
      {hirePath ? (
        <Link to={hirePath} className="inline-flex min-h-6 shrink-0 items-center font-medium text-accent-strong underline-offset-4 hover:underline">
          {thread.projects.length > 0 ? 'New project' : 'Start a project'}
        </Link>
      ) : null}
    </p>
  );
}

/** One conversation: its messages (new ones arrive by the stream), an aria-live announcement of arrivals, and the composer. */
export function ConversationThreadView({ conversationId, userId }: { conversationId: string; userId: string }) {
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: threadQueryKey(conversationId), queryFn: ({ signal }) => fetchThread(conversationId, signal) });
  const [announcement, setAnnouncement] = useState('');
  const listEnd = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  // Earlier messages grow the list above the reader: the scroll offset grows by as much, so they stay where they were.
  const heightBefore = useRef<number | null>(null);
  const earlier = useEarlierMessages(conversationId, () => {
    heightBefore.current = scroller.current?.scrollHeight ?? null;
  });
  useLayoutEffect(() => {
    const element = scroller.current;
    if (heightBefore.current === null || !element) return;
    element.scrollTop += element.scrollHeight - heightBefore.current;
    heightBefore.current = null;
  }, [earlier.messages]);
  const thread = query.data;
  // A reader at the end of the thread stays there while the list grows under them: an image attachment that
  // loads after the first scroll would otherwise push the newest messages out of sight.
  const pinned = useRef(true);
  const list = useRef<HTMLOListElement>(null);
  const loaded = thread !== undefined;
  useEffect(() => {
    const element = list.current;
    const box = scroller.current;
    if (!element || !box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (pinned.current && heightBefore.current === null) box.scrollTop = box.scrollHeight;
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [loaded]);
  const people = thread ? { [thread.client.id]: thread.client, [thread.creator.id]: thread.creator } : {};
  const other = thread ? (thread.client.id === userId ? thread.creator : thread.client) : null;
  // An admin reading a flagged project's thread is neither side: both are named, and no live stream is theirs to hear.
  const isParticipant = Boolean(thread?.viewerSide);
  const heading = thread && !thread.viewerSide ? `${thread.client.name} and ${thread.creator.name}` : (other?.name ?? '');
  const sideOf = (senderId: string | null) => (thread && senderId === thread.creator.id ? 'creator' : 'client');
  const newest = thread?.messages.at(-1)?.seq ?? 0;

  const { showRemoved } = earlier;
  useEffect(() => {
    if (!isParticipant) return undefined;
    return subscribeToInbox((event) => {
      if (event.type !== 'message' || event.message.conversationId !== conversationId) return;
      queryClient.setQueryData<ConversationThread>(threadQueryKey(conversationId), (current) => (current ? withMessages(current, [event.message]) : current));
      showRemoved(event.message);
      // A removed message has nothing to announce: it is the words of one already shown, taken away.
      if (event.message.senderId !== userId && !event.message.removed) {
        // A system line is the platform's, whoever's action wrote it (an admin's on a flagged project included).
        const name = event.message.kind === 'system' || !event.message.senderId ? 'Humanmade' : (people[event.message.senderId]?.name ?? 'Someone');
        setAnnouncement(`New message from ${name}: ${event.message.body}`);
      }
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- people only names the announcement
  }, [conversationId, userId, queryClient, isParticipant, showRemoved]);

  useEffect(() => {
    listEnd.current?.scrollIntoView({ block: 'end' });
  }, [newest]);

  // What arrives while the tab is hidden is not read yet: it is marked read when the tab is shown again.
  useEffect(() => {
    if (!thread || !thread.viewerSide || newest <= thread.lastReadSeq) return undefined;
    const read = () =>
      void markRead(conversationId, newest)
        .then(() => {
          queryClient.setQueryData<ConversationThread>(threadQueryKey(conversationId), (current) => (current ? { ...current, lastReadSeq: Math.max(current.lastReadSeq, newest) } : current));
          return queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true });
        })
        .catch(() => undefined);
    if (typeof document === 'undefined' || document.visibilityState !== 'hidden') {
      read();
      return undefined;
    }
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') return;
      document.removeEventListener('visibilitychange', onVisibilityChange);
      read();
    };
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => document.removeEventListener('visibilitychange', onVisibilityChange);
  }, [conversationId, newest, thread, queryClient]);

  const send = async (draft: Draft) => {
    const sent = draft.file
      ? await postAttachment(conversationId, { body: draft.body, clientMessageId: draft.clientMessageId, file: draft.file })
      : await postMessage(conversationId, { body: draft.body, clientMessageId: draft.clientMessageId || newClientMessageId() });
    queryClient.setQueryData<ConversationThread>(threadQueryKey(conversationId), (current) => (current ? withMessages(current, [sent.message]) : current));
    void queryClient.invalidateQueries({ queryKey: conversationsQueryKey, exact: true });
  };

  if (query.isPending) return <div className="p-6"><ListSkeleton rows={4} /></div>;
  if (query.error instanceof ApiError && query.error.status === 404) return <ConversationNotFound />;
  if (query.isError || !thread || !other) {
    return (
      <div className="p-6">
        <ErrorState message="This conversation could not be loaded." onRetry={() => void query.refetch()} />
      </div>
    );
  }

  return (
    <section aria-labelledby="thread-title" className="flex h-full min-h-0 min-w-0 flex-col">
      <header className="flex min-w-0 items-center gap-3 border-b border-border px-4 py-3 sm:px-6">
        <Link to="/inbox" className="-ml-1 inline-flex size-9 shrink-0 items-center justify-center rounded-full text-ink hover:bg-muted md:hidden">
          <ArrowLeft aria-hidden="true" className="size-5" />
          <span className="sr-only">Back to all conversations</span>
        </Link>
        <CreatorAvatar name={other.name} url={other.avatarUrl} className="size-10 text-base" />
        <div className="min-w-0 flex-1">
          <h2 id="thread-title" className={cn('font-serif text-xl', isParticipant ? 'truncate' : 'wrap-anywhere leading-snug')}>
            {heading}
          </h2>
          <ThreadProjects thread={thread} />
        </div>
        {thread.viewerSide && !thread.blocked ? <BlockButton conversationId={conversationId} name={other.name} onBlocked={() => void query.refetch()} /> : null}
      </header>
      <div
        ref={scroller}
        onScroll={(event) => {
          const box = event.currentTarget;
          pinned.current = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
        }}
        className="flex-1 overflow-y-auto px-4 py-5 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent sm:px-6"
        // A reader with nothing to act on in the thread (an admin) scrolls it by keyboard from the region itself.
        {...(isParticipant ? {} : { tabIndex: 0, role: 'region', 'aria-label': 'Messages' })}
      >
        {(earlier.messages.length > 0 ? earlier.hasEarlier : thread.hasEarlier) ? (
          <LoadOlder
            className="mb-4 flex flex-col items-center gap-2"
            label="Load earlier messages"
            busy={earlier.isLoading}
            onLoad={() => void earlier.load(earlier.messages[0]?.seq ?? thread.messages[0]?.seq)}
            failedMessage={earlier.failed ? 'Earlier messages could not be loaded. Please try again.' : null}
          />
        ) : null}
        <ol ref={list} aria-label={isParticipant ? `Messages with ${other.name}` : `Messages between ${heading}`} className="space-y-3">
          {withEarlier(earlier.messages, thread.messages).map((message) => {
            const senderName = people[message.senderId ?? '']?.name ?? 'Someone';
            return (
              <MessageItem
                key={message.id}
                message={message}
                mine={message.senderId === userId && message.kind === 'text'}
                senderName={senderName}
                canReport={isParticipant}
                shownSender={isParticipant ? undefined : { name: senderName, side: sideOf(message.senderId) }}
              />
            );
          })}
        </ol>
        <div ref={listEnd} />
      </div>
      <div aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </div>
      {thread.viewerSide && thread.blocked ? (
        <div role="status" className="flex flex-wrap items-center justify-between gap-3 border-t border-border px-6 py-4 text-sm text-muted-foreground">
          <div className="space-y-1">
            <p>{CONVERSATION_MESSAGES.blocked}</p>
            {/* The other side has no Block while blocked: it is told whose block it is, and that only they can lift it. */}
            {thread.blockedByMe ? null : <p>{CONVERSATION_MESSAGES.blockedByOther}</p>}
          </div>
          {thread.blockedByMe ? <UnblockButton conversationId={conversationId} name={other.name} onUnblocked={() => void query.refetch()} /> : null}
        </div>
      ) : thread.viewerSide ? (
        <MessageComposer label={`Message ${other.name}`} onSend={send} />
      ) : (
        <p className="border-t border-border px-6 py-4 text-sm text-muted-foreground">You are reading this conversation because a project in it was flagged.</p>
      )}
    </section>
  );
}
