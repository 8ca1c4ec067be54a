/**
 * Reads of one row by key that arrive in the same turn of the event loop go to the database as one statement.
 *
 * Under load, many requests for different rows (a hundred visitors opening a hundred studios) are parsed in one
 * turn; each would cost its own round trip, and on a small machine waking the database process costs more than
 * the read itself (docs/PERFORMANCE.md). Here the first key of a turn opens a batch, every key asked for before the
 * turn ends joins it, and the batch is read once, after the turn (`setImmediate`). Nothing is kept after the read:
 * it is not a cache, and a quiet server pays no wait (the batch of one goes out in the same turn's check phase).
 *
 * A key asked for twice in one batch is read once. A failed read fails every request in its batch, as the one
 * statement it is.
 */
import type { DbExecutor } from './client';

export interface KeyedBatchLoader<V> {
  (key: string): Promise<V | undefined>;
}

interface Waiter<V> {
  resolve: (value: V | undefined) => void;
  reject: (error: unknown) => void;
}

export const keyedBatchLoader = <V>(read: (keys: string[]) => Promise<Map<string, V>>, maxBatch = 100): KeyedBatchLoader<V> => {
  let open: Map<string, Waiter<V>[]> | null = null;

  const run = async (batch: Map<string, Waiter<V>[]>) => {
    try {
      const found = await read([...batch.keys()]);
      for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  };

  const close = (batch: Map<string, Waiter<V>[]>) => {
    if (open === batch) open = null;
    void run(batch);
  };

  return (key) =>
    new Promise<V | undefined>((resolve, reject) => {
      let batch = open;
      if (!batch) {
        const fresh = new Map<string, Waiter<V>[]>();
        open = batch = fresh;
        setImmediate(() => {
          if (open === fresh) close(fresh);
        });
      }
      const waiters = batch.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else batch.set(key, [{ resolve, reject }]);
      // A full batch goes now; the next key opens another. The timer above finds it closed and does nothing.
      if (batch.size >= maxBatch) close(batch);
    });
};

/**
 * One batch loader per database handle, made on first use: `prepare` prepares the statement for that handle and
 * returns the read of a batch of keys.
 */
export const batchLoaderPerDatabase = <V>(prepare: (db: DbExecutor) => (keys: string[]) => Promise<Map<string, V>>) => {
  const loaders = new WeakMap<DbExecutor, KeyedBatchLoader<V>>();
  return (db: DbExecutor): KeyedBatchLoader<V> => {
    let loader = loaders.get(db);
    if (!loader) {
      loader = keyedBatchLoader(prepare(db));
      loaders.set(db, loader);
    }
    return loader;
  };
};
