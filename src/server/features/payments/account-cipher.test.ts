import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AccountCipherError, createAccountCipher, loadAccountCipher } from './account-cipher';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hm-cipher-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the account number cipher (decision 174)', () => {
  const cipher = createAccountCipher(randomBytes(32));

  it('round-trips, with a fresh nonce each time, and keeps nothing of the plain text in the value', () => {
    const first = cipher.seal('GB33BUKB20201555555555', 'payout_details:a');
    const second = cipher.seal('GB33BUKB20201555555555', 'payout_details:a');
    expect(first).not.toBe(second);
    expect(first).toMatch(/^hm1\.[0-9a-f]{12}\./);
    expect(first).not.toContain('5555');
    expect(cipher.open(first, 'payout_details:a')).toBe('GB33BUKB20201555555555');
    expect(cipher.isCurrent(first)).toBe(true);
  });

  it('refuses a value moved to another row, changed, or cut short', () => {
    const sealed = cipher.seal('000123456789', 'payout_details:a');
    expect(() => cipher.open(sealed, 'payout_details:b')).toThrow(AccountCipherError);
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3], 'base64url');
    body[0] ^= 1;
    parts[3] = body.toString('base64url');
    expect(() => cipher.open(parts.join('.'), 'payout_details:a')).toThrow('does not open');
    expect(() => cipher.open(sealed.split('.').slice(0, 4).join('.'), 'payout_details:a')).toThrow('malformed');
  });

  it('reads values stored before encryption as they are, and says they are not current', () => {
    expect(cipher.open('DE89370400440532013000', 'x')).toBe('DE89370400440532013000');
    expect(cipher.isCurrent('DE89370400440532013000')).toBe(false);
    expect(cipher.canOpen('DE89370400440532013000')).toBe(true);
  });

  it('opens values under a retired key after a rotation, and names a key it does not hold', () => {
    const oldKey = randomBytes(32);
    const before = createAccountCipher(oldKey).seal('000123456789', 'payouts:1');
    const rotated = createAccountCipher(randomBytes(32), [oldKey]);
    expect(rotated.open(before, 'payouts:1')).toBe('000123456789');
    expect(rotated.isCurrent(before)).toBe(false);
    expect(rotated.canOpen(before)).toBe(true);
    const stranger = createAccountCipher(randomBytes(32));
    expect(stranger.canOpen(before)).toBe(false);
    expect(() => stranger.open(before, 'payouts:1')).toThrow(/set PAYOUT_DETAILS_KEY/);
  });

  it('makes its key once into DATA_DIR/keys (owner-only), and reads it back on the next start', () => {
    const dataDir = tempDir();
    const first = loadAccountCipher({ dataDir });
    const file = path.join(dataDir, 'keys', 'payout-details.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
    const sealed = first.seal('000123456789', 'c');
    expect(loadAccountCipher({ dataDir }).open(sealed, 'c')).toBe('000123456789');
  });

  it('takes the key from PAYOUT_DETAILS_KEY, refuses one of the wrong size, and reads retired keys from the file', () => {
    const dataDir = tempDir();
    const key = randomBytes(32).toString('base64');
    const fromEnv = loadAccountCipher({ dataDir, key });
    expect(fromEnv.kid).toBe(loadAccountCipher({ dataDir: tempDir(), key }).kid);
    expect(() => loadAccountCipher({ dataDir, key: randomBytes(16).toString('base64') })).toThrow('PAYOUT_DETAILS_KEY: expected 32 bytes');

    const sealed = fromEnv.seal('000123456789', 'c');
    const next = randomBytes(32).toString('base64');
    mkdirSync(path.join(dataDir, 'keys'), { recursive: true });
    writeFileSync(path.join(dataDir, 'keys', 'payout-details-retired.keys'), `${key}\n`);
    expect(loadAccountCipher({ dataDir, key: next }).open(sealed, 'c')).toBe('000123456789');
    expect(loadAccountCipher({ dataDir: tempDir(), key: next, retiredKeys: key }).open(sealed, 'c')).toBe('000123456789');
  });
});
