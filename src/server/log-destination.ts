import { write as writeFd, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/** Lines waiting while a write is under way; beyond this, new lines are dropped (and counted) until it drains. */
const MAX_PENDING_BYTES = 8 * 1024 * 1024;
/** A pipe whose reader is busy answers EAGAIN: the same bytes are written again after this pause. */
const BUSY_RETRY_MS = 10;

export interface LogDestination {
  /** Takes one line of pino's JSON; never throws, never waits. */
  write: (line: string) => boolean;
  /** Writes what is waiting, once, at exit; gives up on a failing descriptor instead of retrying for ever. */
  flushSync: () => void;
  /** Lines not written since the last one that was (a full disk, a closed pipe). */
  readonly dropped: number;
}

type FdWrite = (fd: number, buffer: Buffer, callback: (error: NodeJS.ErrnoException | null, written: number) => void) => void;

const isBusy = (error: NodeJS.ErrnoException) => error.code === 'EAGAIN' || error.code === 'EBUSY';

/**
 * Where the server's log goes: a file descriptor (standard output), written asynchronously in batches, as pino's own
 * destination does. The difference is what happens when a write fails. pino's (sonic-boom) emits `error` with no
 * listener once a write fails for any reason but a broken pipe, so a log on a full disk ended the server, and at exit
 * it retries a write that fails with ENOSPC for ever, so the process never ended. Here a failed write (a full disk,
 * EIO, a closed pipe) drops its lines and counts them; the server goes on, and the next line that can be written is
 * preceded by a warning that says how many were lost and why.
 */
export const createLogDestination = (fd = 1, options: { write?: FdWrite; maxPendingBytes?: number } = {}): LogDestination => {
  const write: FdWrite = options.write ?? ((target, buffer, callback) => writeFd(target, buffer, 0, buffer.length, null, callback));
  const maxPendingBytes = options.maxPendingBytes ?? MAX_PENDING_BYTES;
  let pending: string[] = [];
  let pendingBytes = 0;
  let writing = false;
  let dropped = 0;
  let reason = '';
  // Whether what was written so far ends inside a line: a disk that fills during a write takes part of it. The next
  // write then starts on a new line, so every line of the log stays whole JSON.
  let midLine = false;
  const track = (buffer: Buffer, written: number) => {
    if (written > 0) midLine = buffer[written - 1] !== 0x0a;
  };

  const drop = (lines: number, why: string) => {
    dropped += lines;
    reason = why;
  };

  /** The warning that goes first once lines can be written again, in pino's own shape (level 40 is warn). */
  const droppedNotice = (count: number) =>
    `${JSON.stringify({ level: 40, time: Date.now(), pid: process.pid, hostname: hostname(), dropped: count, reason, msg: `${count} log lines were lost: the log could not be written (${reason})` })}\n`;

  const writeAll = (buffer: Buffer, lines: number, reported: number) => {
    write(fd, buffer, (error, written) => {
      if (error && isBusy(error)) {
        setTimeout(() => writeAll(buffer, lines, reported), BUSY_RETRY_MS);
        return;
      }
      if (!error) track(buffer, written);
      if (error) {
        drop(lines, error.code ?? error.message);
      } else if (written < buffer.length) {
        writeAll(buffer.subarray(written), lines, reported);
        return;
      } else {
        dropped -= reported;
      }
      writing = false;
      next();
    });
  };

  const next = () => {
    if (writing || pending.length === 0) return;
    writing = true;
    const lines = pending.length;
    const reported = dropped;
    const text = (midLine ? '\n' : '') + (reported > 0 ? droppedNotice(reported) : '') + pending.join('');
    pending = [];
    pendingBytes = 0;
    writeAll(Buffer.from(text), lines, reported);
  };

  return {
    write(line) {
      if (pendingBytes + line.length > maxPendingBytes) {
        drop(1, reason || 'the log is not keeping up');
        return true;
      }
      pending.push(line);
      pendingBytes += line.length;
      next();
      return true;
    },
    flushSync() {
      if (pending.length === 0) return;
      let buffer = Buffer.from((midLine ? '\n' : '') + (dropped > 0 ? droppedNotice(dropped) : '') + pending.join(''));
      pending = [];
      pendingBytes = 0;
      for (let busy = 0; buffer.length > 0 && busy < 100; ) {
        try {
          const written = writeSync(fd, buffer);
          track(buffer, written);
          buffer = buffer.subarray(written);
        } catch (error) {
          if (!isBusy(error as NodeJS.ErrnoException)) return;
          busy += 1;
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, BUSY_RETRY_MS);
        }
      }
    },
    get dropped() {
      return dropped;
    },
  };
};

let serverLog: LogDestination | null = null;

/**
 * The server's log on standard output, made once per process and written out at exit. Also gives standard output and
 * standard error an `error` listener: libraries that print with `console` (better-auth did, on a wrong password)
 * would otherwise end the process on the first write to a full disk. What cannot be written there is lost; the
 * server's own log goes through the destination above, which reports its losses.
 */
export const serverLogDestination = (): LogDestination => {
  if (serverLog) return serverLog;
  const destination = createLogDestination(1);
  serverLog = destination;
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
  process.once('exit', () => destination.flushSync());
  return destination;
};
