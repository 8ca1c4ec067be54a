import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNotNull, or } from 'drizzle-orm';
import type { App } from '../../src/server/app';
import { conversationReads, conversations, messageAttachments, messages, projects } from '../../src/server/db/schema';
import { ensureConversation } from '../../src/server/features/conversations/threads';
import { renderPortfolioPiece } from './artwork';
import { seedOf } from './seed-creators';

const MINUTE = 60 * 1000;

/** What the two sides said, oldest first; `creator: true` lines are the creator's. */
const SCRIPTS: Array<Array<{ creator?: boolean; text: string; file?: boolean }>> = [
  [
    { text: 'Hi! We loved your packaging work. Could you take on our seasonal blend labels?' },
    { creator: true, text: 'Thank you, gladly. Do you have the copy and the print sizes yet?' },
    { text: 'Copy is final. Sizes: 60 × 90 mm, matte stock. Brief: https://example.com/fieldnote-brief' },
    { creator: true, text: 'Here is a first direction, hand-inked. Tell me what you feel.', file: true },
    { creator: true, text: 'I can have two alternatives by Friday.' },
  ],
  [
    { text: 'Hello, is there room in your calendar next month?' },
    { creator: true, text: 'There is, from the 12th. What do you have in mind?' },
    { text: 'A brand workshop for our team of six, half a day.' },
  ],
  [
    { text: 'Thanks for the files, they look wonderful.' },
    { creator: true, text: 'My pleasure. The source files are in the deliverable as well.' },
  ],
];

/**
 * Threads for the demo client's projects that have a creator: each linked to its project, with a few messages,
 * one image attachment, and the creator's replies left unread so the inbox opens with counts.
 */
export const seedConversations = async (app: App, clientId: string): Promise<number> => {
  const withCreator = await app.db
    .select()
    .from(projects)
    .where(and(eq(projects.clientId, clientId), or(isNotNull(projects.makerId), isNotNull(projects.mindId))));
  const pairs = new Map<string, string[]>();
  for (const project of withCreator) {
    const creatorId = (project.makerId ?? project.mindId) as string;
    pairs.set(creatorId, [...(pairs.get(creatorId) ?? []), project.id]);
  }
  let index = 0;
  for (const [creatorId, projectIds] of pairs) {
    const script = SCRIPTS[index % SCRIPTS.length];
    const startedAt = Date.now() - (index + 1) * 26 * 60 * MINUTE;
    index += 1;
    const image = script.some((line) => line.file) ? await renderPortfolioPiece('branding_packages', seedOf(creatorId)) : null;
    const attachment = image ? await app.storage.saveUpload('messageAttachment', `${creatorId}/demo/${randomUUID()}`, image) : null;
    await app.db.transaction(async (tx) => {
      const conversationId = await ensureConversation(tx, clientId, creatorId);
      for (const projectId of projectIds) await tx.update(projects).set({ conversationId }).where(eq(projects.id, projectId));
      // The projects' events were written into the thread as the activity was seeded, a moment ago; the talk below is
      // dated days back. Date the events just before it, so the thread reads in order of time as well as of sequence.
      const events = await tx.select({ id: messages.id }).from(messages).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.seq));
      for (const [n, event] of events.entries()) {
        await tx.update(messages).set({ createdAt: new Date(startedAt - (events.length - n) * 11 * MINUTE) }).where(eq(messages.id, event.id));
      }
      let lastSeq = 0;
      let clientSeq = 0;
      let at = new Date(startedAt);
      for (const [n, line] of script.entries()) {
        at = new Date(startedAt + n * 37 * MINUTE);
        const [row] = await tx
          .insert(messages)
          .values({ conversationId, senderId: line.creator ? creatorId : clientId, body: line.text, clientMessageId: randomUUID(), createdAt: at })
          .returning({ id: messages.id, seq: messages.seq });
        lastSeq = row.seq;
        if (!line.creator) clientSeq = row.seq;
        if (line.file && attachment) {
          await tx.insert(messageAttachments).values({
            messageId: row.id,
            conversationId,
            storageKey: attachment.key,
            mime: attachment.mime,
            name: 'first-direction.png',
            size: image?.length ?? 0,
          });
        }
      }
      await tx.update(conversations).set({ lastMessageAt: at, createdAt: new Date(startedAt) }).where(eq(conversations.id, conversationId));
      // The creator has read everything; the client last read their own message, so the replies after it are unread.
      await tx.insert(conversationReads).values([
        { conversationId, userId: creatorId, lastReadSeq: lastSeq, emailedSeq: lastSeq },
        { conversationId, userId: clientId, lastReadSeq: clientSeq, emailedSeq: lastSeq },
      ]);
    });
  }
  return pairs.size;
};
