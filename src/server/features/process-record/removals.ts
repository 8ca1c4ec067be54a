import { asc, eq } from 'drizzle-orm';
import type { DbExecutor, Transaction } from '../../db/client';
import { processRecordEntries, processRecordRemovals, projects } from '../../db/schema';
import { checkChain, type StoredChainEntry } from './chain';

/**
 * Before a client's account deletion takes the projects they commissioned (and, by the foreign key's cascade, their
 * records), each record leaves a removal row that outlives them (decision 192): its entries' hashes in order, and
 * whether its chain's links and hashes held at that moment. A Seal credential citing one of those heads then reads
 * as 'removed with an account deletion', which is what happened, rather than as a record that changed.
 */
export const keepRemovedRecordsOf = async (tx: Transaction, clientId: string): Promise<void> => {
  const rows = await tx
    .select({ entry: processRecordEntries })
    .from(processRecordEntries)
    .innerJoin(projects, eq(projects.id, processRecordEntries.projectId))
    .where(eq(projects.clientId, clientId))
    .orderBy(asc(processRecordEntries.projectId), asc(processRecordEntries.seq));
  const chains = new Map<string, StoredChainEntry[]>();
  for (const { entry } of rows) {
    const chain = chains.get(entry.projectId) ?? [];
    chain.push(entry);
    chains.set(entry.projectId, chain);
  }
  if (chains.size === 0) return;
  await tx
    .insert(processRecordRemovals)
    .values(
      [...chains].map(([projectId, chain]) => ({
        projectId,
        reason: 'client_account_deleted' as const,
        entryHashes: chain.map((entry) => entry.entryHash),
        chainHeld: checkChain(chain).every((problem) => problem === null),
      })),
    )
    .onConflictDoNothing();
};

/** What the public status of a removed project's record answers: the record is gone, and why. */
export const RECORD_REMOVED_MESSAGE = "This project's process record was removed when its client deleted their account.";

/** The removal row a project's record left, if its project went with an account deletion. */
export const removalOf = async (db: DbExecutor, projectId: string) =>
  (await db.select().from(processRecordRemovals).where(eq(processRecordRemovals.projectId, projectId)))[0] ?? null;
