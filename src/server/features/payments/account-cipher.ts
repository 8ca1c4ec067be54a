import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { keyDirectory, readOrCreateKeyFile } from '../../key-file';

/**
 * Encrypts bank account numbers at rest (decision 174): creators' payout details and the snapshot each payout request
 * keeps. AES-256-GCM with a random 96-bit nonce, the row it belongs to as associated data (so a ciphertext copied onto
 * another creator's row does not open), and the key's id in the value (so keys can be rotated). A database dump or a
 * backup without the key shows no account number.
 *
 * The key is PAYOUT_DETAILS_KEY (32 bytes, base64), which several instances must share, or one generated into
 * DATA_DIR/keys on first start. Retired keys (PAYOUT_DETAILS_RETIRED_KEYS, comma-separated, or
 * DATA_DIR/keys/payout-details-retired.keys, one per line) still open older values, which boot re-encrypts.
 */
export interface AccountCipher {
  /** The key id of new values. */
  readonly kid: string;
  seal(plain: string, context: string): string;
  /** The plain value. A value stored before encryption (no prefix) is returned as it is. */
  open(stored: string, context: string): string;
  /** Whether a stored value is already encrypted under the current key. */
  isCurrent(stored: string): boolean;
  /** Whether a stored value can be opened here (plain, or under a key this instance holds). */
  canOpen(stored: string): boolean;
}

const PREFIX = 'hm1';
const KEY_FILE = 'payout-details.key';
const RETIRED_FILE = 'payout-details-retired.keys';

export class AccountCipherError extends Error {}

const keyId = (key: Buffer): string => createHash('sha256').update(key).digest('hex').slice(0, 12);

const parseKey = (text: string, where: string): Buffer => {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== 32) throw new AccountCipherError(`${where}: expected 32 bytes in base64 (openssl rand -base64 32)`);
  return key;
};

export const createAccountCipher = (current: Buffer, retired: Buffer[] = []): AccountCipher => {
  const keys = new Map<string, Buffer>();
  for (const key of retired) keys.set(keyId(key), key);
  const kid = keyId(current);
  keys.set(kid, current);
  const parts = (stored: string) => {
    const [prefix, id, nonce, body, tag, ...rest] = stored.split('.');
    return prefix === PREFIX && rest.length === 0 && id && nonce && body !== undefined && tag ? { id, nonce, body, tag } : null;
  };
  return {
    kid,
    seal(plain, context) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current, nonce);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [PREFIX, kid, nonce.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(stored, context) {
      if (!stored.startsWith(`${PREFIX}.`)) return stored;
      const value = parts(stored);
      if (!value) throw new AccountCipherError('A stored account number is malformed');
      const key = keys.get(value.id);
      if (!key) throw new AccountCipherError(`A stored account number was encrypted with key ${value.id}, which this server does not hold: set PAYOUT_DETAILS_KEY`);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(value.nonce, 'base64url'));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(Buffer.from(value.tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(value.body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new AccountCipherError('A stored account number does not open: it was changed, or moved from another row');
      }
    },
    isCurrent: (stored) => parts(stored)?.id === kid,
    canOpen: (stored) => !stored.startsWith(`${PREFIX}.`) || keys.has(parts(stored)?.id ?? ''),
  };
};

/** The key from the environment, or the one in DATA_DIR/keys, made on first start (`wx`: two starts make one). */
export const loadAccountCipher = (options: { dataDir: string; key?: string; retiredKeys?: string }): AccountCipher => {
  const keyDir = keyDirectory(options.dataDir);
  const current = options.key
    ? parseKey(options.key, 'PAYOUT_DETAILS_KEY')
    : readOrCreateKeyFile({
        file: path.join(keyDir, KEY_FILE),
        generate: () => randomBytes(32),
        serialize: (key) => key.toString('base64'),
        parse: parseKey,
      });
  const retiredFile = path.join(keyDir, RETIRED_FILE);
  const retiredTexts = [
    ...(options.retiredKeys ?? '').split(','),
    ...(existsSync(retiredFile) ? readFileSync(retiredFile, 'utf8').split('\n') : []),
  ].filter((text) => text.trim() !== '');
  return createAccountCipher(
    current,
    retiredTexts.map((text) => parseKey(text, 'a retired payout details key')),
  );
};

/** The associated data of each place an account number is kept: the row it belongs to. */
export const cipherContext = {
  payoutDetails: (userId: string) => `payout_details:${userId}`,
  payout: (payoutId: string) => `payouts:${payoutId}`,
};
