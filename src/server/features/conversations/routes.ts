import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CONVERSATION_MESSAGES,
  conversationListQuerySchema,
  conversationListSchema,
  conversationThreadSchema,
  markReadSchema,
  reportMessageSchema,
  sendMessageSchema,
  sentMessageSchema,
  startConversationSchema,
  unreadCountSchema,
} from '../../../domain/conversation-schemas';
import { errorBodySchema } from '../../http/schemas';
import { requireParticipant } from './access';
import { openAttachment, readAttachmentUpload, sendAttachment } from './attachments';
import { reportMessage } from './reports';
import { createConversationHub, publishConversationEventsThrough } from './realtime';
import { openRedisChannel } from './redis-channel';
import { createOpenStreams, openMessageStream } from './stream';
import { blockConversation, getThread, markRead, sendMessage, startConversation, unblockConversation } from './service';
import { countUnread, loadConversationSummaries } from './views';

export const prefix = '/api/conversations';

const params = z.object({ id: z.uuid() });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };
const sent = { 200: sentMessageSchema, 201: sentMessageSchema, ...errors };

/** Limits count per person, not per address: the key is the signed-in user (the route's policy guarantees one). */
const perUser = (name: string, max: number, timeWindow: string) => ({
  max,
  timeWindow,
  hook: 'preHandler' as const,
  keyGenerator: async (request: FastifyRequest) => `${name}:${(await request.resolveAuth())?.userId ?? request.ip}`,
});

/**
 * 30 messages a minute per person, counted once across every way of writing (a first message, a reply, a file, a
 * report): one bucket, not one per route, which @fastify/rate-limit's per-route `config.rateLimit` would give (each
 * route gets its own store). 10 new conversations a day is counted in the database: service.ts.
 */
export const MESSAGE_LIMIT = perUser('messages', 30, '1 minute');

/** 201 for a new message; 200 for a retry with the same clientMessageId, which answers the first message. */
const replySent = <Body, Sent>(reply: { status: (code: 200 | 201) => { send: (body: Body) => Sent } }, outcome: { created: boolean; sent: Body }): Sent =>
  reply.status(outcome.created ? 201 : 200).send(outcome.sent);

export const routes: FastifyPluginAsyncZod = async (app) => {
  const messageLimit = app.rateLimit(MESSAGE_LIMIT);
  // With REDIS_URL, events travel by Redis pub/sub (decision 196); otherwise by the database's NOTIFY.
  const redis = app.config.REDIS_URL ? await openRedisChannel(app.config.REDIS_URL, app.log) : null;
  const redisChannel = `${app.config.REDIS_KEY_PREFIX}conversations`;
  if (redis) {
    publishConversationEventsThrough(app.db, {
      publish: (payload) => redis.publish(redisChannel, payload),
      onError: (error) => app.log.warn({ err: error }, 'a conversation event could not be published to Redis; readers catch up when their channel returns'),
    });
  }
  const hub = redis
    ? createConversationHub({ listen: redis.listen, channel: redisChannel, log: app.log })
    : createConversationHub({ listen: app.dbHandle.listen, log: app.log });
  const streams = createOpenStreams();
  // Before the server stops accepting: open streams never end by themselves, and would hold the close forever.
  app.addHook('preClose', async () => {
    streams.endAll();
    await hub.close();
    await redis?.close();
  });

  app.get('/events', {
    // Admins too, for their notification count: their stream carries nothing else (stream.ts).
    config: { access: ['client', 'maker', 'mind', 'admin'] },
    schema: {
      tags: ['conversations'],
      summary:
        'With Accept: text/event-stream, a Server-Sent Events stream of new messages (event "message", id = seq; resumes after Last-Event-ID, or after `lastEventId` in the query when the header is absent), of the unread count (event "unread") and of the notification count (event "notifications"); an admin\'s stream carries only the notification count. Otherwise the unread count as JSON.',
      querystring: z.object({ lastEventId: z.string().max(32).optional() }),
      response: { 200: unreadCountSchema, ...errors },
    },
    handler: async (request, reply) => {
      const auth = await request.requireAuth();
      if (!(request.headers.accept ?? '').includes('text/event-stream')) {
        reply.header('cache-control', 'no-store');
        return { unread: await countUnread(app.db, auth.userId) };
      }
      await openMessageStream(app, hub, streams, auth, request, reply);
      return reply;
    },
  });

  app.get('/', {
    config: { access: ['client', 'maker', 'mind'] },
    schema: {
      tags: ['conversations'],
      summary: "The caller's conversations, most recent first, with unread counts, a page at a time (`cursor` from the previous page's `nextCursor`)",
      querystring: conversationListQuerySchema,
      response: { 200: conversationListSchema, ...errors },
    },
    handler: async (request, reply) => {
      const auth = await request.requireAuth();
      reply.header('cache-control', 'no-store');
      const [page, unread] = await Promise.all([loadConversationSummaries(app.db, auth.userId, request.query.cursor), countUnread(app.db, auth.userId)]);
      return { ...page, unread };
    },
  });

  app.post('/', {
    config: { access: ['client'] },
    preHandler: messageLimit,
    schema: {
      tags: ['conversations'],
      summary: "Write to an approved creator: opens (or continues) the pair's one conversation. Idempotent by clientMessageId.",
      body: startConversationSchema,
      response: sent,
    },
    handler: async (request, reply) => {
      return replySent(reply, await startConversation(app, await request.requireAuth(), request.body));
    },
  });

  app.get('/:id', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['conversations'],
      summary: 'One conversation with its newest messages (or those before `before`), for its participants, or an admin when a linked project is flagged',
      params,
      querystring: z.object({ before: z.coerce.number().int().min(1).optional() }),
      response: { 200: conversationThreadSchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getThread(app, await request.requireAuth(), request.params.id, request.query.before);
    },
  });

  app.post('/:id/messages', {
    config: { access: 'authenticated' },
    preHandler: messageLimit,
    schema: {
      tags: ['conversations'],
      summary: 'Send a plain-text message (at most 5,000 characters). A retry with the same clientMessageId returns the first message.',
      params,
      body: sendMessageSchema,
      response: sent,
    },
    handler: async (request, reply) => {
      return replySent(reply, await sendMessage(app, await request.requireAuth(), request.params.id, request.body));
    },
  });

  app.post('/:id/read', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['conversations'],
      summary: 'Move your read marker to the given message seq',
      params,
      body: markReadSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await markRead(app, await request.requireAuth(), request.params.id, request.body.seq);
      return reply.status(204).send(null);
    },
  });

  app.post('/:id/messages/:messageId/report', {
    config: { access: 'authenticated' },
    preHandler: messageLimit,
    schema: {
      tags: ['conversations'],
      summary: 'Report a message the other participant wrote to the admins (optional reason)',
      params: params.extend({ messageId: z.uuid() }),
      body: reportMessageSchema,
      response: { 201: z.object({ message: z.string() }), ...errors },
    },
    handler: async (request, reply) => {
      await reportMessage(app, await request.requireAuth(), request.params.id, request.params.messageId, request.body.reason);
      return reply.status(201).send({ message: CONVERSATION_MESSAGES.reported });
    },
  });

  app.post('/:id/block', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['conversations'],
      summary: 'Block the other participant: no more messages in this conversation, from either side',
      params,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await blockConversation(app, await request.requireAuth(), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post('/:id/unblock', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['conversations'],
      summary: 'Lift a block you made: both of you can write again (only the person who blocked can lift it)',
      params,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await unblockConversation(app, await request.requireAuth(), request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.post('/:id/attachments', {
    config: { access: 'authenticated' },
    preHandler: messageLimit,
    schema: {
      tags: ['conversations'],
      summary: 'Send a message with a file (multipart: file — an image or a PDF up to 20 MB —, clientMessageId, optional body)',
      consumes: ['multipart/form-data'],
      params,
      response: { ...sent, 413: errorBodySchema, 507: errorBodySchema },
    },
    handler: async (request, reply) => {
      const auth = await request.requireAuth();
      // Refuse a caller who may not write here before reading (and storing) anything they send.
      await requireParticipant(app.db, auth, request.params.id);
      const upload = await readAttachmentUpload(request);
      return replySent(reply, await sendAttachment(app, auth, request.params.id, upload));
    },
  });

  app.get('/:id/attachments/:attachmentId', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['conversations'],
      summary: "A message's attachment, for the conversation's participants (or an admin on a flagged project, or judging an open report of that message); 404 for anyone else",
      params: params.extend({ attachmentId: z.uuid() }),
    },
    handler: async (request, reply) => {
      const { file, stored } = await openAttachment(app, await request.requireAuth(), request.params.id, request.params.attachmentId);
      const isPdf = file.mime === 'application/pdf';
      reply
        .type(file.mime)
        .header('content-length', stored.size)
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'same-origin')
        .header('cache-control', 'private, no-store')
        // A PDF is only ever downloaded, so a browser never renders it as a page of ours.
        .header('content-disposition', `${isPdf ? 'attachment' : 'inline'}; filename="${file.name.replace(/[^\x20-\x7e]/g, '_')}"`);
      return reply.send(stored.body);
    },
  });
};
