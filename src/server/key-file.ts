import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Where the keys generated on first start live: DATA_DIR/keys, readable by the server's user only. */
export const keyDirectory = (dataDir: string): string => path.join(dataDir, 'keys');

/**
 * A key kept in a file under DATA_DIR/keys: read when it exists, otherwise made by `generate` and written once.
 * The write uses `wx`, so two processes starting at once cannot both write one: the loser reads the winner's.
 * `parse` turns the file's text into the key (and throws, naming the file, when the text is not one).
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
  try {
    writeFileSync(file, `${options.serialize(key)}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return options.parse(readFileSync(file, 'utf8'), file);
  }
};
