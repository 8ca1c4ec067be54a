import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';

/** The PostgreSQL channel that carries "something new in this conversation" to every instance. */
export const CONVERSATION_CHANNEL = 'hm_conversations';

export interface ConversationEvent {
  conversationId: string;
  /** The seq of the new message (readers fetch from their last seen seq, so nothing rides in the payload). */
  seq: number;
  /** Whose streams should hear of it: the two participants. */
  userIds: string[];
}

/**
 * Announces a new message. NOTIFY inside the writing transaction is delivered only when that transaction commits,
 * so a reader is never told of a message it cannot yet read, and a rolled-back write is never announced.
 */
export const publishConversationEvent = async (tx: DbExecutor, event: ConversationEvent): Promise<void> => {
  await tx.execute(sql`select pg_notify(${CONVERSATION_CHANNEL}, ${JSON.stringify(event)})`);
};
