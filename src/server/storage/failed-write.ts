import type { FastifyBaseLogger } from 'fastify';
import { outcomeOfFailedWrite, savedNotShown } from '../db/unavailable';

/**
 * The clean-up of a file stored for a write that then threw. The file is removed only when the write is known not to
 * have committed. A write that committed after all (its connection dropped on the way back from COMMIT) has a row
 * pointing at the file, so the file stays and the answer is 'saved, not shown'; one whose outcome nobody can read yet
 * keeps the file too, and the error stands: a file no row uses costs some disk, a row whose file is gone is a broken
 * picture or a lost deliverable.
 */
export const discardFileOfFailedWrite = async (
  log: FastifyBaseLogger,
  error: unknown,
  { committed, remove }: { committed: () => Promise<boolean>; remove: () => Promise<void> },
): Promise<never> => {
  const outcome = await outcomeOfFailedWrite(error, committed);
  if (outcome === 'committed') throw savedNotShown();
  if (outcome === 'rolled_back') await remove();
  else log.warn({ err: error }, 'kept a stored file: whether the write that uses it committed could not be read');
  throw error;
};
