import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNotNull, or } from 'drizzle-orm';
import type { App } from '../../src/server/app';
import { conversationReads, conversations, messageAttachments, messages, projects } from '../../src/server/db/schema';
import { ensureConversation } from '../../src/server/features/conversations/threads';
import { renderPortfolioPiece } from './artwork';
import { seedOf } from './seed-creators';

const MINUTE = 60 * 1000;

type Line = { creator?: boolean; text: string; file?: boolean };

/**
 * What the two sides said about each project, oldest first; `creator: true` lines are the creator's. The talk is
 * dated after the project's own events (an offer, a submission, a flag), so each script picks up where its project
 * stands in seed-activity.ts. A pair with several projects talks about the first that has a script.
 */
const SCRIPTS: Record<string, Line[]> = {
  'Logo for our cold brew line': [
    { text: 'Thanks for the new version. Does the $600 for sketches cover both directions?' },
    { creator: true, text: 'It does: two directions, each with a few variations, drawn by hand before anything goes digital.' },
    { creator: true, text: 'If you accept this week, you will have the sketches by Friday.' },
  ],
  'New online shop': [
    { text: 'The wireframes were spot on. The subscription flow is exactly what we needed.' },
    { creator: true, text: 'Thank you! Here is a first direction for the visual design, sketched before I build anything. Tell me what you feel.', file: true },
    { text: 'We love the paper texture. Could the product photos be larger on phones? Our notes: https://example.com/fieldnote-shop-notes' },
    { creator: true, text: 'Yes: full width on phones in the next pass, and I will send it with the rest of the milestone.' },
  ],
  'Brand positioning sprint': [
    { text: 'Hello Clara, is there room in your calendar next month for the first workshop?' },
    { creator: true, text: 'There is, from the 12th. Who would you like in the room?' },
    { text: 'The two founders and our wholesale lead, half a day if possible.' },
  ],
  'Launch week social posts': [
    { creator: true, text: 'The stories and the second week are up for your review. The sketches for each post are in the process docs.' },
    { text: 'Thank you, we will look today. The opening posts did really well.' },
  ],
  'Holiday carousel set': [
    { text: 'The carousels use stock photographs behind the boxes. Our brief asked for everything to be illustrated.' },
    { creator: true, text: 'Only the backgrounds are licensed photographs; every box is drawn by hand, as the process doc shows.' },
    { text: 'We would still like the backgrounds drawn. I have flagged the work so someone from Humanmade can look at it with us.' },
  ],
  'Café menu boards': [
    { text: 'Thanks for the files, they look wonderful. The boards are up in both cafés.' },
    { creator: true, text: 'My pleasure. The source files and the lettering sketches are in the deliverable as well.' },
  ],
};

/** For a pair whose projects have no script of their own. */
const GENERIC: Line[] = [
  { text: 'Hello, thank you for taking this on. Is there anything more you need from us?' },
  { creator: true, text: 'Not for now, thank you. I will write here as soon as I have something to show.' },
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
  const titles = new Map(withCreator.map((project) => [project.id, project.title]));
  for (const project of withCreator) {
    const creatorId = (project.makerId ?? project.mindId) as string;
    pairs.set(creatorId, [...(pairs.get(creatorId) ?? []), project.id]);
  }
  let index = 0;
  for (const [creatorId, projectIds] of pairs) {
    const script = projectIds.map((id) => SCRIPTS[titles.get(id) ?? '']).find(Boolean) ?? GENERIC;
    const startedAt = Date.now() - (index + 1) * 26 * 60 * MINUTE;
    index += 1;
    const image = script.some((line) => line.file) ? await renderPortfolioPiece('web_design', seedOf(creatorId)) : null;
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
