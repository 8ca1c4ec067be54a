import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogDestination } from './log-destination';

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
const line = (msg: string) => `${JSON.stringify({ level: 30, msg })}\n`;
const failure = (code: string) => Object.assign(new Error(code), { code });

describe('the server log destination', () => {
  const opened: number[] = [];
  const dirs: string[] = [];
  afterEach(() => {
    for (const fd of opened.splice(0)) closeSync(fd);
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('writes every line, in order', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'hm-log-'));
    dirs.push(dir);
    const fd = openSync(path.join(dir, 'server.log'), 'a');
    opened.push(fd);
    const destination = createLogDestination(fd);
    for (let index = 0; index < 500; index += 1) destination.write(line(`line ${index}`));
    await settle();
    const written = readFileSync(path.join(dir, 'server.log'), 'utf8').trim().split('\n');
    expect(written).toHaveLength(500);
    expect(written.map((text) => JSON.parse(text).msg)).toEqual(Array.from({ length: 500 }, (_, index) => `line ${index}`));
    expect(destination.dropped).toBe(0);
  });

  // /dev/full answers every write with ENOSPC, as a full disk does. pino's own destination emits an unheard 'error'
  // there (the process ends), and its exit flush retries for ever.
  it.skipIf(!existsSync('/dev/full'))('on a full disk drops the lines and counts them, without throwing, and its exit flush returns', async () => {
    const fd = openSync('/dev/full', 'w');
    opened.push(fd);
    const destination = createLogDestination(fd);
    for (let index = 0; index < 20; index += 1) destination.write(line(`lost ${index}`));
    await settle();
    expect(destination.dropped).toBe(20);
    destination.write(line('waiting at exit'));
    const started = Date.now();
    destination.flushSync();
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('once writing works again, says first how many lines were lost and why', async () => {
    const chunks: string[] = [];
    let full = true;
    const destination = createLogDestination(1, {
      write: (_fd, buffer, callback) => setImmediate(() => (full ? callback(failure('ENOSPC'), 0) : (chunks.push(buffer.toString()), callback(null, buffer.length)))),
    });
    destination.write(line('a'));
    destination.write(line('b'));
    destination.write(line('c'));
    await settle();
    expect(destination.dropped).toBe(3);
    full = false;
    destination.write(line('d'));
    await settle();
    const written = chunks.join('').trim().split('\n').map((text) => JSON.parse(text));
    expect(written[0]).toMatchObject({ level: 40, dropped: 3, reason: 'ENOSPC', msg: '3 log lines were lost: the log could not be written (ENOSPC)' });
    expect(written.slice(1).map((entry) => entry.msg)).toEqual(['d']);
    expect(destination.dropped).toBe(0);
  });

  it('starts on a new line after a write the disk cut short, so each line stays whole JSON', async () => {
    let file = '';
    let room = 30;
    const destination = createLogDestination(1, {
      write: (_fd, buffer, callback) =>
        setImmediate(() => {
          if (room === 0) return callback(failure('ENOSPC'), 0);
          const written = Math.min(room, buffer.length);
          file += buffer.subarray(0, written).toString();
          room -= written;
          callback(null, written);
        }),
    });
    destination.write(line('a line longer than the room that is left on the disk'));
    await settle();
    expect(destination.dropped).toBe(1);
    room = 10000;
    destination.write(line('after'));
    await settle();
    const lines = file.split('\n');
    expect(lines[0]).toHaveLength(30);
    expect(JSON.parse(lines[1]!)).toMatchObject({ dropped: 1, reason: 'ENOSPC' });
    expect(JSON.parse(lines[2]!)).toMatchObject({ msg: 'after' });
  });

  it('writes again after EAGAIN and finishes a partial write, losing nothing', async () => {
    const chunks: string[] = [];
    let calls = 0;
    const destination = createLogDestination(1, {
      write: (_fd, buffer, callback) =>
        setImmediate(() => {
          calls += 1;
          if (calls === 1) return callback(failure('EAGAIN'), 0);
          // A pipe takes part of a large chunk.
          const written = Math.min(buffer.length, 7);
          chunks.push(buffer.subarray(0, written).toString());
          callback(null, written);
        }),
    });
    destination.write(line('first'));
    destination.write(line('second'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(chunks.join('').trim().split('\n').map((text) => JSON.parse(text).msg)).toEqual(['first', 'second']);
    expect(destination.dropped).toBe(0);
  });

  it('drops lines beyond its backlog while a write is slow, and counts them', async () => {
    let release: (() => void) | null = null;
    const destination = createLogDestination(1, {
      maxPendingBytes: 100,
      write: (_fd, buffer, callback) => {
        release = () => callback(null, buffer.length);
      },
    });
    destination.write(line('in flight'));
    for (let index = 0; index < 10; index += 1) destination.write(line(`waiting ${index}`));
    expect(destination.dropped).toBeGreaterThan(0);
    release!();
  });
});
