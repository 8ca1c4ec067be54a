import { describe, expect, it } from 'vitest';
import { isOutOfSpace } from './out-of-space';

const errorWith = (fields: Record<string, unknown>, message = 'failed') => Object.assign(new Error(message), fields);

describe('isOutOfSpace', () => {
  it.each([
    ['ENOSPC from the file system', errorWith({ code: 'ENOSPC', errno: -28 })],
    ['EDQUOT, a quota reached', errorWith({ code: 'EDQUOT', errno: -122 })],
    ['PostgreSQL 53100 disk_full', errorWith({ code: '53100' })],
    ["PGlite's Emscripten ErrnoError 51", Object.assign(new Error('FS error'), { name: 'ErrnoError', errno: 51 })],
    ['only the words, in the message', new Error('could not write block 12: No space left on device')],
    ['a quota, in the message', new Error('write failed: Disk quota exceeded')],
    ["MinIO's XMinioStorageFull", Object.assign(new Error('Storage backend has reached its minimum free drive threshold.'), { name: 'XMinioStorageFull' })],
    ['an S3 answer of HTTP 507', Object.assign(new Error('UnknownError'), { name: 'UnknownError', $metadata: { httpStatusCode: 507 } })],
    ['a wrapped cause (Drizzle, better-auth)', new Error('Failed query: insert …', { cause: errorWith({ code: '53100' }) })],
  ])('recognises %s', (_label, error) => {
    expect(isOutOfSpace(error)).toBe(true);
  });

  it.each([
    ['another file system error', errorWith({ code: 'EACCES', errno: -13 })],
    ['another Emscripten errno', Object.assign(new Error('FS error'), { name: 'ErrnoError', errno: 44 })],
    ['a unique violation', errorWith({ code: '23505' })],
    ['an S3 access refusal', Object.assign(new Error('Access Denied'), { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } })],
    ['not an error at all', 'ENOSPC'],
    ['null', null],
  ])('does not mistake %s for a full disk', (_label, error) => {
    expect(isOutOfSpace(error)).toBe(false);
  });

  it('stops on a cause chain that loops', () => {
    const looping: Error & { cause?: unknown } = new Error('outer');
    looping.cause = looping;
    expect(isOutOfSpace(looping)).toBe(false);
  });
});
