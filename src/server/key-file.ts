import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Where the keys generated on first start live: DATA_DIR/keys, readable by the server's user only. */
export const keyDirectory = (dataDir: string): string => path.join(dataDir, 'keys');

/** Writes the text to a file of its own beside `file`, flushed to disk, and returns that file's path. */
const writeBeside = (file: string, text: string): string => {
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  return temporary;
};

/**
 * A key kept in a file under DATA_DIR/keys: read when it exists, otherwise made by `generate` and written once.
 * The key is written whole to a temporary file first and then linked to its name, which fails with EEXIST when
 * another process got there first: the file at the name is always complete (a full disk or a crash mid-write
 * leaves no half key that every later start would fail to read), and of two processes starting at once the loser
 * reads the winner's key. `parse` turns the file's text into the key (and throws, naming the file, when the text is
 * not one).
 */
export const readOrCreateKeyFile = <Key>(options: {
  file: string;
  generate: () => Key;
  serialize: (key: Key) => string;
  parse: (text: string, where: string) => Key;
}): Key => {
  const { file } = options;
  if (existsSync(file)) return options.parse(readFileSync(file, 'utf8'), file);
  const key = options.generate();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = writeBeside(file, `${options.serialize(key)}\n`);
  try {
    linkSync(temporary, file);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return options.parse(readFileSync(file, 'utf8'), file);
  } finally {
    rmSync(temporary, { force: true });
  }
};
