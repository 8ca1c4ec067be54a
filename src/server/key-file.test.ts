import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readOrCreateKeyFile } from './key-file';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const scratch = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hm-key-'));
  dirs.push(dir);
  return dir;
};
const parse = (text: string, where: string) => {
  if (!/^key-\d+\n$/.test(text)) throw new Error(`${where} does not hold a key`);
  return text.trim();
};

describe('a key file', () => {
  it('is made once, whole, with nothing left beside it, and read back on the next start', async () => {
    const file = path.join(scratch(), 'keys', 'signing.key');
    let made = 0;
    const options = { file, generate: () => `key-${++made}`, serialize: (key: string) => key, parse };
    expect(readOrCreateKeyFile(options)).toBe('key-1');
    expect(readFileSync(file, 'utf8')).toBe('key-1\n');
    expect(readOrCreateKeyFile(options)).toBe('key-1');
    expect(made).toBe(1);
    expect(readdirSync(path.dirname(file))).toEqual(['signing.key']);
  });

  it("gives the loser of two starts the winner's key", async () => {
    const file = path.join(scratch(), 'signing.key');
    // Another process writes its key while this one is making its own.
    const key = readOrCreateKeyFile({
      file,
      generate: () => {
        writeFileSync(file, 'key-7\n');
        return 'key-8';
      },
      serialize: (k: string) => k,
      parse,
    });
    expect(key).toBe('key-7');
    expect(readFileSync(file, 'utf8')).toBe('key-7\n');
    expect(readdirSync(path.dirname(file))).toEqual(['signing.key']);
  });
});
