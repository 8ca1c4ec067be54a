import type { Database, DbExecutor } from './client';

/** Work queued by a transaction, run once its outermost transaction has committed. */
type Work = () => Promise<void>;

interface Scope {
  root: Database;
  queue: Work[];
}

// The scope of every live transaction object (savepoints share their outer transaction's): a WeakMap, so a finished
// transaction's scope goes with it.
const scopes = new WeakMap<object, Scope>();
const patched = new WeakSet<object>();

type TransactionRunner = (work: (tx: DbExecutor) => Promise<unknown>, config?: unknown) => Promise<unknown>;

/** Makes `executor.transaction` (and the savepoints inside it) carry `scope`, so queued work finds its transaction. */
const carryScope = (executor: DbExecutor, scope: () => Scope) => {
  const target = executor as unknown as { transaction: TransactionRunner };
  const original = target.transaction.bind(executor);
  target.transaction = (work, config) =>
    original(async (tx) => {
      const current = scope();
      scopes.set(tx, current);
      carryScope(tx, () => current);
      return work(tx);
    }, config);
};

/**
 * Gives `db` after-commit work: anything queued with `afterCommit(tx, …)` in a transaction of `db` runs once the
 * outermost transaction has committed, in order, before `db.transaction` returns to its caller; a transaction that
 * rolls back (or throws) drops it. Work that fails is handed to `onError` and does not fail the committed
 * transaction. Work queued inside a savepoint that rolled back still runs when the outer transaction commits, so
 * queue only notices whose receivers read the database for what changed. Used where something outside the database
 * must hear of a write only once it is visible: Redis pub/sub, which unlike NOTIFY is not part of the transaction
 * (decision 196).
 */
export const enableAfterCommit = (db: Database, onError: (error: unknown) => void): void => {
  if (patched.has(db)) return;
  patched.add(db);
  const target = db as unknown as { transaction: TransactionRunner };
  const original = target.transaction.bind(db);
  target.transaction = async (work, config) => {
    let scope: Scope = { root: db, queue: [] };
    const result = await original(async (tx) => {
      // A retried transaction starts its queue again: only the attempt that commits is heard of.
      scope = { root: db, queue: [] };
      scopes.set(tx, scope);
      carryScope(tx, () => scope);
      return work(tx);
    }, config);
    for (const queued of scope.queue) await queued().catch(onError);
    return result;
  };
};

/** The database a transaction belongs to (the executor itself when it is the database, or unknown). */
export const rootOf = (executor: DbExecutor): object => scopes.get(executor)?.root ?? executor;

/**
 * Queues `work` for after the commit of the transaction `executor` belongs to. Returns false when `executor` is not
 * a transaction of a database with `enableAfterCommit` (then nothing was queued, and the caller runs it itself).
 */
export const afterCommit = (executor: DbExecutor, work: Work): boolean => {
  const scope = scopes.get(executor);
  if (!scope) return false;
  scope.queue.push(work);
  return true;
};
