import { desc } from 'drizzle-orm';
import type { AuditAction, AuditEntry } from '../../../domain/admin-schemas';
import type { MoneyAuditAction } from '../../../domain/payment-schemas';
import type { Database, DbExecutor } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditRecord {
  action: AuditAction | MoneyAuditAction;
  targetType: 'user' | 'maker' | 'mind' | 'project' | 'white_glove_request' | 'workshop' | 'platform' | 'portfolio_item' | 'process_record_entry' | 'message' | 'review' | 'payment' | 'payout' | 'refund' | 'job';
  targetId: string;
  reason?: string | null;
  metadata?: Record<string, unknown>;
}

/**
 * Writes one audit row. Call it with the action's own transaction, so the record exists exactly when the
 * action committed: an audit trail that can disagree with the data is worse than none.
 */
/** `actor.userId` is null for the platform's own actions (approval by time). */
export const recordAudit = async (tx: DbExecutor, actor: { userId: string | null; email: string }, record: AuditRecord): Promise<void> => {
  await tx.insert(auditLog).values({
    actorId: actor.userId,
    actorEmail: actor.email,
    action: record.action,
    targetType: record.targetType,
    targetId: record.targetId,
    reason: record.reason || null,
    metadata: record.metadata ?? null,
  });
};

export const AUDIT_LIST_LIMIT = 100;

export const listAuditEntries = async (db: Database): Promise<AuditEntry[]> => {
  const rows = await db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(AUDIT_LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    metadata: row.metadata ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
};
