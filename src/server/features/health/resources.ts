import { statfs } from 'node:fs/promises';

/** How long a database refusal for lack of disk keeps health `degraded` after the last one was seen. */
export const WRITE_REFUSAL_MEMORY_MS = 30000;

export interface ResourceWatchOptions {
  dataDir: string;
  minFreePercent: number;
  minFreeMb: number;
  /** For tests: the free and total bytes of the disk (defaults to statfs of dataDir). */
  readDisk?: (dir: string) => Promise<{ free: number; total: number }>;
  now?: () => number;
}

const readDiskOf = async (dir: string) => {
  const stats = await statfs(dir);
  return { free: stats.bavail * stats.bsize, total: stats.blocks * stats.bsize };
};

const size = (bytes: number): string => {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${Math.round(bytes / 1024 ** 2)} MB`;
  return `${Math.round(bytes / 1024)} KB`;
};

/**
 * What /api/health reports beyond reachability: free space under DATA_DIR (below the smaller of a percentage and a
 * size, both settings) and database writes refused for lack of disk in the last 30 s. An empty list means ok.
 */
export const createResourceWatch = (options: ResourceWatchOptions) => {
  const readDisk = options.readDisk ?? readDiskOf;
  const now = options.now ?? Date.now;
  let lastWriteRefusedAt: number | null = null;
  return {
    /** Called by the error handler when the database refused a write for lack of space. */
    noteDatabaseWriteRefused: () => {
      lastWriteRefusedAt = now();
    },
    problems: async (): Promise<string[]> => {
      const problems: string[] = [];
      try {
        const { free, total } = await readDisk(options.dataDir);
        const threshold = Math.min((total * options.minFreePercent) / 100, options.minFreeMb * 1024 * 1024);
        if (free < threshold) {
          const percent = total > 0 ? ((free / total) * 100).toFixed(1) : '0';
          problems.push(`Free disk space under DATA_DIR is ${size(free)} (${percent}%), below the threshold of ${size(threshold)}.`);
        }
      } catch {
        // DATA_DIR not made yet (nothing stored), or a file system without statfs: nothing to report.
      }
      if (lastWriteRefusedAt !== null && now() - lastWriteRefusedAt < WRITE_REFUSAL_MEMORY_MS) {
        const seconds = Math.round((now() - lastWriteRefusedAt) / 1000);
        problems.push(`The database refused a write for lack of disk space ${seconds} s ago.`);
      }
      return problems;
    },
  };
};

export type ResourceWatch = ReturnType<typeof createResourceWatch>;
