import { and, asc, desc, eq, gt, inArray, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DbExecutor } from '../../db/client';
import { conversations, messages } from '../../db/schema';
import { resolveAuthFor } from '../../plugins/access';
import type { AuthContext } from '../../types';
import { countUnreadNotifications } from '../notifications/service';
import type { ConversationHub } from './realtime';
import { countUnread, toMessageViews } from './views';

/** A comment line this often keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 25_000;
const CATCH_UP_LIMIT = 500;

const participantOf = (userId: string) => or(eq(conversations.clientId, userId), eq(conversations.creatorId, userId));

/** The newest message seq in the user's conversations (where a fresh stream starts). */
const newestSeq = async (db: DbExecutor, userId: string): Promise<number> => {
  const [row] = await db
    .select({ seq: messages.seq })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(participantOf(userId))
    .orderBy(desc(messages.seq))
    .limit(1);
  return row?.seq ?? 0;
};

/** Messages in the user's conversations after `afterSeq`, plus any of `alsoSeqs` (a late commit of a lower seq). */
const messagesSince = async (db: DbExecutor, userId: string, afterSeq: number, alsoSeqs: number[]) => {
  const rows = await db
    .select({ message: messages })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(participantOf(userId), alsoSeqs.length > 0 ? or(gt(messages.seq, afterSeq), inArray(messages.seq, alsoSeqs)) : gt(messages.seq, afterSeq)))
    .orderBy(asc(messages.seq))
    .limit(CATCH_UP_LIMIT);
  return toMessageViews(
    db,
    rows.map((row) => row.message),
  );
};

const asEventId = (value: string | undefined): number | null => (value && /^\d{1,15}$/.test(value) ? Number(value) : null);

/**
 * Where to resume: the Last-Event-ID header an EventSource sends when it reconnects by itself, else `lastEventId` in
 * the query, which the page sets when it opens a new EventSource after the browser gave up on the old one (a new
 * EventSource cannot send the header). The header wins: it is that stream's own, newer position.
 */
const parseLastEventId = (request: FastifyRequest): number | null => {
  const header = request.headers['last-event-id'];
  const query = (request.query as { lastEventId?: string } | undefined)?.lastEventId;
  return asEventId(Array.isArray(header) ? header[0] : header) ?? asEventId(query);
};

export interface OpenStreams {
  add: (end: () => void) => () => void;
  endAll: () => void;
}

export const createOpenStreams = (): OpenStreams => {
  const ends = new Set<() => void>();
  return {
    add: (end) => {
      ends.add(end);
      return () => ends.delete(end);
    },
    endAll: () => {
      for (const end of [...ends]) end();
    },
  };
};

/**
 * Streams the user's new messages (`event: message`, id = seq), their unread count (`event: unread`, id = the
 * stream's position, the newest seq it has covered) and their
 * notification count (`event: notifications`) as Server-Sent Events. A reconnecting browser sends Last-Event-ID and
 * gets everything after it from the database, so nothing is lost across a dropped connection or a restart. Each
 * event from the hub makes the stream read the database again from its own position, so the payload of a
 * notification is never trusted for content. An admin's stream carries the notification count alone: an admin is
 * in no conversation, and reads a flagged one through its page, not here.
 *
 * The session is checked again before every push and at every heartbeat (the session cache makes that cheap), so a
 * stream ends as soon as its session does: signed out, reset password, deleted account or changed role.
 */
export const openMessageStream = async (
  app: FastifyInstance,
  hub: ConversationHub,
  streams: OpenStreams,
  auth: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> => {
  const carriesMessages = auth.role !== 'admin';
  const resumeFrom = parseLastEventId(request);
  let position = carriesMessages ? (resumeFrom ?? (await newestSeq(app.db, auth.userId))) : 0;
  const sent = new Set<number>();
  let closed = false;
  let queue: Promise<void> = Promise.resolve();
  const pendingSeqs = new Set<number>();

  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-content-type-options': 'nosniff',
    // Proxies that buffer responses (nginx) would hold events back.
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  const write = (chunk: string) => {
    if (!closed) raw.write(chunk);
  };
  write('retry: 3000\n\n');

  const pushMessages = async () => {
    const also = [...pendingSeqs].filter((seq) => seq <= position && !sent.has(seq));
    pendingSeqs.clear();
    const found = await messagesSince(app.db, auth.userId, position, also);
    for (const message of found) {
      if (sent.has(message.seq)) continue;
      sent.add(message.seq);
      position = Math.max(position, message.seq);
      write(`event: message\nid: ${position}\ndata: ${JSON.stringify(message)}\n\n`);
    }
    // Remember only recent seqs: a late commit is at most a few messages behind.
    if (sent.size > 1000) for (const seq of [...sent].slice(0, sent.size - 500)) sent.delete(seq);
    // The count carries the stream's position as its id, so a stream that has heard no message yet still has one: a
    // browser that reconnects (after a restart, say) sends it back and gets what was written while it was away,
    // where without it the new stream would start from the newest message and skip the gap.
    write(`event: unread\nid: ${position}\ndata: ${JSON.stringify({ unread: await countUnread(app.db, auth.userId) })}\n\n`);
  };
  const pushNotificationCount = async () => {
    write(`event: notifications\ndata: ${JSON.stringify({ unread: await countUnreadNotifications(app.db, auth.userId) })}\n\n`);
  };
  const pushUpdates = async () => {
    if (carriesMessages) await pushMessages();
    await pushNotificationCount();
  };
  const stillSignedIn = async (): Promise<boolean> => {
    try {
      const current = await resolveAuthFor(app, request);
      return current?.userId === auth.userId && current.role === auth.role;
    } catch {
      // The session could not be read (the database is away): the browser reconnects and resumes from its position.
      return false;
    }
  };
  const endStream = () => {
    cleanUp();
    raw.end();
  };
  // A read already queued but not begun will see whatever a later event announces, so a burst of events costs one
  // read of each kind rather than one per event.
  const queued = { all: false, notifications: false };
  const schedule = (what: 'all' | 'notifications') => {
    if (queued[what] || (what === 'notifications' && queued.all)) return;
    queued[what] = true;
    queue = queue
      .then(() => {
        queued[what] = false;
        if (closed) return undefined;
        return stillSignedIn().then((signedIn) => {
          if (!signedIn) return endStream();
          if (closed) return undefined;
          return what === 'all' ? pushUpdates() : pushNotificationCount();
        });
      })
      .catch((error: unknown) => request.log.warn({ err: error }, 'message stream could not read new messages'));
  };

  const unsubscribe = hub.subscribe(auth.userId, (event) => {
    // An item written or read (on any instance, in any tab): only the notification count moved.
    if (event?.kind === 'notification') return schedule('notifications');
    // A removed message goes out again as a reload shows it, even to a stream that already delivered it.
    if (event?.kind === 'message_removed') sent.delete(event.seq);
    if (event && carriesMessages && event.kind !== 'read') pendingSeqs.add(event.seq);
    schedule('all');
  });
  const heartbeat = setInterval(() => {
    write(': keep-alive\n\n');
    void stillSignedIn().then((signedIn) => {
      if (!signedIn) endStream();
    });
  }, HEARTBEAT_MS);
  heartbeat.unref();

  const cleanUp = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    forget();
  };
  const forget = streams.add(endStream);
  raw.on('error', (error) => {
    request.log.debug({ err: error }, 'message stream error');
    cleanUp();
  });
  // The response's close, not the request's: a GET's request stream closes as soon as it has been read.
  raw.on('close', cleanUp);
  request.raw.on('error', cleanUp);
  // A browser that left while the stream's start was read from the database: its close has already fired.
  if (raw.destroyed || request.raw.socket.destroyed) {
    cleanUp();
    return;
  }

  // The first batch: what was missed since Last-Event-ID (if any), and the unread count.
  schedule('all');
};
