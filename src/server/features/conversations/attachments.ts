import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { attachmentFieldsSchema, CONVERSATION_MESSAGES, type SentMessage } from '../../../domain/conversation-schemas';
import { messageAttachments, messages } from '../../db/schema';
import { readAfterCommit } from '../../db/unavailable';
import { fileTooLargeMessage } from '../../../domain/messages';
import { UPLOAD_RULES } from '../../../domain/upload-policy';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import { discardFileOfFailedWrite } from '../../storage/failed-write';
import { readUpload, type ReceivedUpload } from '../../storage/upload-request';
import type { StoredFile } from '../../storage/storage';
import type { AuthContext } from '../../types';
import { isAttachmentOfOpenReport, requireParticipant, requireReadableConversation } from './access';
import { appendMessage } from './service';
import { toMessageViews } from './views';

const ATTACHMENT_BUCKET = 'message-attachments' as const;

/** A file name as the person chose it, made safe to show and to put in a header: no paths, controls or quotes. */
export const cleanFileName = (name: string, extension: string): string => {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>]/g, '')
    .trim()
    .slice(0, 120);
  if (!base) return `attachment.${extension}`;
  return base.toLowerCase().endsWith(`.${extension}`) ? base : `${base.replace(/\.[A-Za-z0-9]{1,5}$/, '')}.${extension}`;
};

const ATTACHMENT_MAX_MB = UPLOAD_RULES.messageAttachment.maxMb;

/**
 * Reads the attachment of a multipart request. A file over 20 MB is answered 413 (Payload Too Large, what the route
 * declares) with the size in words, where the shared reader answers the other upload forms' 400 with the same words.
 */
export const readAttachmentUpload = async (request: FastifyRequest): Promise<ReceivedUpload> => {
  try {
    return await readUpload(request, 'messageAttachment');
  } catch (error) {
    const tooLarge = fileTooLargeMessage(ATTACHMENT_MAX_MB);
    if (error instanceof HttpError && error.message === tooLarge) throw new HttpError(413, 'file_too_large', tooLarge, { file: tooLarge });
    throw error;
  }
};

const parseFields = (fields: Record<string, string>) => {
  const parsed = attachmentFieldsSchema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? 'file')] ??= issue.message;
  throw badRequest(Object.values(fieldErrors)[0] ?? 'Invalid message', fieldErrors);
};

/**
 * Sends a message with one attachment (an image or a PDF up to 20 MB, checked by its content). The file is stored
 * under the sender's folder before the message is written, and removed again if the write fails or a retry of the
 * same send already made the message.
 */
export const sendAttachment = async (
  app: FastifyInstance,
  auth: AuthContext,
  conversationId: string,
  upload: ReceivedUpload,
): Promise<{ created: boolean; sent: SentMessage }> => {
  const fields = parseFields(upload.fields);
  const [earlier] = await app.db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, auth.userId), eq(messages.clientMessageId, fields.clientMessageId)));
  if (earlier) {
    if (earlier.conversationId !== conversationId) throw conflict('This message id was already used in another conversation.');
    const [view] = await toMessageViews(app.db, [earlier]);
    return { created: false, sent: { conversationId, message: view } };
  }
  const attachmentId = randomUUID();
  const stored: StoredFile = await app.storage.saveUpload('messageAttachment', `${auth.userId}/${conversationId}/${attachmentId}`, upload.data);
  const removeStored = () =>
    app.storage.removeByUrl(stored.url).catch((error: unknown) => app.log.warn({ err: error }, 'could not remove an attachment'));
  let result: Awaited<ReturnType<typeof appendMessage>>;
  try {
    result = await app.db.transaction(async (tx) => {
      const { row } = await requireParticipant(tx, auth, conversationId);
      return appendMessage(tx, row, auth, {
        body: fields.body,
        clientMessageId: fields.clientMessageId,
        withMessage: async (inner, message) => {
          await inner.insert(messageAttachments).values({
            id: attachmentId,
            messageId: message.id,
            conversationId,
            storageKey: stored.key,
            mime: stored.mime,
            name: cleanFileName(upload.filename, stored.key.split('.').pop() ?? 'bin'),
            size: upload.data.length,
          });
        },
      });
    });
  } catch (error) {
    return discardFileOfFailedWrite(app.log, error, {
      committed: async () =>
        (await app.db.select({ id: messageAttachments.id }).from(messageAttachments).where(eq(messageAttachments.id, attachmentId))).length > 0,
      remove: removeStored,
    });
  }
  if (!result.created) await removeStored();
  // After the commit the file belongs to the message: a failed read-back says the message was saved, and keeps it.
  const [view] = await readAfterCommit(() => toMessageViews(app.db, [result.message]));
  return { created: result.created, sent: { conversationId, message: view } };
};

/**
 * Opens an attachment for someone who may read its conversation (the two participants, or an admin while a
 * linked project is flagged), or for an admin judging an open report of the very message it belongs to. Anyone
 * else, signed in or not, gets 404.
 */
export const openAttachment = async (app: FastifyInstance, auth: AuthContext, conversationId: string, attachmentId: string) => {
  const isJudgingReport = auth.role === 'admin' && (await isAttachmentOfOpenReport(app.db, conversationId, attachmentId));
  if (!isJudgingReport) await requireReadableConversation(app.db, auth, conversationId);
  // A message an admin removed takes its files with it.
  const [file] = await app.db
    .select({ storageKey: messageAttachments.storageKey, mime: messageAttachments.mime, name: messageAttachments.name })
    .from(messageAttachments)
    .innerJoin(messages, eq(messages.id, messageAttachments.messageId))
    .where(and(eq(messageAttachments.id, attachmentId), eq(messageAttachments.conversationId, conversationId), isNull(messages.removedAt)));
  if (!file) throw notFound(CONVERSATION_MESSAGES.attachmentNotFound);
  const stored = await app.storage.open(ATTACHMENT_BUCKET, file.storageKey);
  if (!stored) throw notFound(CONVERSATION_MESSAGES.attachmentNotFound);
  return { file, stored };
};
