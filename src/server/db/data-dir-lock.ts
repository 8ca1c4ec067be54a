import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import path from 'node:path';
import { MAX_SOCKET_PATH, socketPathFor } from './socket';

/**
 * One process at a time owns the embedded database under DATA_DIR: PGlite is a single-process database, and two
 * processes opening the same directory overwrite each other's writes. The owner is named in DATA_DIR/humanmade.lock;
 * a server owns it for its whole life and serves the database to others over a socket (db/socket.ts), a command
 * (create-admin, seed-demo) owns it only while no server runs (db/command-database.ts). A holder's pid proves it
 * alive only in the holder's own PID namespace: from another container on the same volume the pid is missing or
 * someone else's, so before a holder is called dead its socket is asked (decision 222).
 */
export type LockRole = 'server' | 'command';

export interface LockHolder {
  pid: number;
  role: LockRole;
  /** What holds it: `server`, or the command's name. */
  name: string;
  /** The holder's start time from /proc (Linux), so a reused pid is not mistaken for the holder. */
  processStart?: string;
  /** Distinguishes this holder's file from a later one with the same pid. */
  nonce: string;
  /** A server's PUBLIC_URL, so a command beside it (seed-demo) signs and links with the address the server answers on. */
  publicUrl?: string;
}

export interface DataDirLock {
  holder: LockHolder;
  file: string;
  /** Removes the lock file if it is still ours; also runs by itself when the process exits. */
  release: () => void;
}

/** `unverified`: the holder's pid could not be checked as its own and nothing answers on the socket (HolderLiveness). */
export type LockAttempt = { lock: DataDirLock } | { holder: LockHolder; unverified?: true };

export const LOCK_FILE_NAME = 'humanmade.lock';

export const lockFileFor = (dataDir: string) => path.join(dataDir, LOCK_FILE_NAME);

/** Field 22 of /proc/<pid>/stat (start time in clock ticks since boot); undefined where /proc is missing. */
export const readProcessStart = (pid: number): string | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses; the fields after its closing one are plain.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
};

/**
 * What a holder's pid says here: its process (`alive`); no process or another one (`dead`: it ended, its pid was
 * reused, or it runs in another PID namespace, a second container on the same volume); or a process whose start
 * time cannot be compared (`unknown`: no /proc, as on macOS, or none recorded), which may be the holder or not.
 */
const checkPid = (holder: LockHolder): 'alive' | 'dead' | 'unknown' => {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return 'dead';
  }
  const start = holder.processStart ? readProcessStart(holder.pid) : undefined;
  if (start === undefined) return 'unknown';
  return start === holder.processStart ? 'alive' : 'dead';
};

/**
 * Whether a live process listens on DATA_DIR's socket, which only the server holding the lock serves. A socket file
 * left by a killed server refuses at once (ECONNREFUSED), a missing one fails at once (ENOENT). A listener whose
 * queue is full (EAGAIN) or that does not answer within the time is counted as there: taking a live server's
 * directory over loses data, refusing a dead one's costs a message. A path too long for a socket has none.
 */
export const socketAnswers = (dataDir: string, timeoutMs = 500): Promise<boolean> =>
  new Promise((resolve) => {
    const socketPath = socketPathFor(path.resolve(dataDir));
    if (socketPath.length > MAX_SOCKET_PATH) return resolve(false);
    const socket = connect(socketPath);
    const done = (answered: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answered);
    };
    const timer = setTimeout(() => done(true), timeoutMs);
    socket.once('connect', () => done(true));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code === 'EAGAIN'));
  });

/**
 * `alive`: the holder's pid and start time are its own, or something answers on DATA_DIR's socket whatever the pid
 * says. `unverified`: its pid belongs to a live process that cannot be checked as the holder (see checkPid) and
 * nothing answers on the socket; it is treated as alive, and whoever is refused is told which file to remove if
 * it is stale. `dead`: neither the pid nor the socket answers for it, and its lock may be taken over.
 */
export type HolderLiveness = 'alive' | 'unverified' | 'dead';

export const holderLiveness = async (dataDir: string, holder: LockHolder): Promise<HolderLiveness> => {
  const pid = checkPid(holder);
  if (pid === 'alive') return 'alive';
  if (await socketAnswers(dataDir)) return 'alive';
  return pid === 'dead' ? 'dead' : 'unverified';
};

export const isHolderAlive = async (dataDir: string, holder: LockHolder): Promise<boolean> => (await holderLiveness(dataDir, holder)) !== 'dead';

/** Added to a refusal or a wait for an `unverified` holder, so a person knows what to remove if it is stale. */
export const unverifiedHolderHint = (dataDir: string, holderName: string, configuredDir: string = dataDir) =>
  `Its pid could not be checked here: if no ${holderName} runs on ${configuredDir}, the lock is stale; remove ${path.resolve(lockFileFor(dataDir))}.`;

const parseHolder = (raw: string): LockHolder | null => {
  try {
    const value = JSON.parse(raw) as Partial<LockHolder>;
    if (typeof value.pid !== 'number' || (value.role !== 'server' && value.role !== 'command') || typeof value.nonce !== 'string') return null;
    return {
      pid: value.pid,
      role: value.role,
      name: String(value.name ?? value.role),
      processStart: value.processStart,
      nonce: value.nonce,
      ...(typeof value.publicUrl === 'string' ? { publicUrl: value.publicUrl } : {}),
    };
  } catch {
    return null;
  }
};

const readRaw = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};

const ageMs = (file: string) => {
  try {
    return Date.now() - statSync(file).mtimeMs;
  } catch {
    return 0;
  }
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The live (or unverified) holder of DATA_DIR's lock, or null when nobody alive holds it. */
export const readLockHolder = async (dataDir: string): Promise<LockHolder | null> => {
  const raw = readRaw(lockFileFor(dataDir));
  const holder = raw === null ? null : parseHolder(raw);
  return holder && (await isHolderAlive(dataDir, holder)) ? holder : null;
};

/**
 * Removes a lock whose holder is dead. Two processes may find the same stale lock at once: the one that creates the
 * `.takeover` guard first re-reads the lock and removes it only if it is still the stale one it saw, so a fresh
 * lock written in between by the other is never removed.
 */
const removeStaleLock = async (file: string, staleRaw: string) => {
  const guard = `${file}.takeover`;
  try {
    writeFileSync(guard, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // A guard left by a process killed in the middle of a take-over.
    if (ageMs(guard) > 5000) unlinkSync(guard);
    await sleep(20);
    return;
  }
  try {
    if (readRaw(file) === staleRaw) unlinkSync(file);
  } finally {
    unlinkSync(guard);
  }
};

/** Takes DATA_DIR's lock if nobody alive holds it; otherwise says who does. Never waits for a holder. */
export const tryLockDataDir = async (dataDir: string, role: LockRole, name: string = role, publicUrl?: string): Promise<LockAttempt> => {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFileFor(dataDir);
  const holder: LockHolder = {
    pid: process.pid,
    role,
    name,
    processStart: readProcessStart(process.pid),
    nonce: randomBytes(8).toString('hex'),
    ...(publicUrl ? { publicUrl } : {}),
  };
  const content = `${JSON.stringify(holder)}\n`;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    try {
      // O_EXCL: of two processes creating the file at once, exactly one succeeds.
      writeFileSync(file, content, { flag: 'wx', mode: 0o644 });
      return { lock: createLock(file, holder, content) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const raw = readRaw(file);
    if (raw === null) continue;
    const current = parseHolder(raw);
    if (current) {
      const liveness = await holderLiveness(dataDir, current);
      if (liveness !== 'dead') return { holder: current, ...(liveness === 'unverified' ? { unverified: true as const } : {}) };
    }
    // An unreadable file may be one being written this instant; it is stale once it has stayed unreadable.
    if (!current && ageMs(file) < 2000) {
      await sleep(20);
      continue;
    }
    await removeStaleLock(file, raw);
  }
  throw new Error(`Could not take the lock ${file}: it keeps changing hands.`);
};

const createLock = (file: string, holder: LockHolder, content: string): DataDirLock => {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own file: after a take-over by another process the file is theirs.
    if (readRaw(file) === content) unlinkSync(file);
  };
  // 'exit' runs on process.exit() (the server's SIGINT/SIGTERM handlers end with it) and on a normal end.
  process.on('exit', release);
  return { holder, file, release };
};

/** How a running server's refusal reads; `configuredDir` is DATA_DIR as the person wrote it. */
export const dataDirInUseMessage = (siteName: string, configuredDir: string, pid: number) =>
  `Another ${siteName} server is using ${configuredDir} (pid ${pid}). Stop it, or set DATA_DIR.`;

export class DataDirInUseError extends Error {
  constructor(
    message: string,
    public readonly holder: LockHolder,
  ) {
    super(message);
    this.name = 'DataDirInUseError';
  }
}

export interface LockForServerOptions {
  dataDir: string;
  /** DATA_DIR as configured (`./data` by default), for the message. */
  configuredDir: string;
  siteName: string;
  /** The server's PUBLIC_URL, written into the lock for commands run beside it. */
  publicUrl?: string;
  /** Told once when a command holds the directory and the server waits for it; `hint` when its pid is unverified. */
  onWait?: (holder: LockHolder, hint?: string) => void;
  pollMs?: number;
}

/**
 * The server's claim on DATA_DIR. Another live server: refused with DataDirInUseError. A command that opened the
 * directory itself (create-admin or seed-demo while no server ran) finishes in seconds to minutes: the server waits.
 */
export const lockDataDirForServer = async (options: LockForServerOptions): Promise<DataDirLock> => {
  let waitingFor: number | null = null;
  for (;;) {
    const attempt = await tryLockDataDir(options.dataDir, 'server', 'server', options.publicUrl);
    if ('lock' in attempt) return attempt.lock;
    const { holder, unverified } = attempt;
    const holderName = holder.role === 'server' ? `${options.siteName} server` : holder.name;
    const hint = unverified ? unverifiedHolderHint(options.dataDir, holderName, options.configuredDir) : undefined;
    if (holder.role === 'server') {
      const message = dataDirInUseMessage(options.siteName, options.configuredDir, holder.pid);
      throw new DataDirInUseError(hint ? `${message} ${hint}` : message, holder);
    }
    if (waitingFor !== holder.pid) {
      waitingFor = holder.pid;
      options.onWait?.(holder, hint);
    }
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 250));
  }
};
