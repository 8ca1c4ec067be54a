import { generateKeyPairSync } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { keyDirectory, readOrCreateKeyFile } from '../../key-file';
import { calculateJwkThumbprint, importJWK, type CryptoKey, type JWK } from 'jose';

/**
 * The platform's Ed25519 key that signs Seal credentials and their status list. Given as a private JWK in
 * SEAL_SIGNING_KEY (several instances must share one), or generated once into DATA_DIR/keys. Public keys of
 * earlier keys, kept in DATA_DIR/keys/seal-retired-public-keys.json (a JSON array of JWKs), stay in the DID
 * document so credentials they signed still verify after a rotation (docs/SECURITY.md).
 */
export interface SealKeys {
  privateKey: CryptoKey;
  /** The key's id: its JWK thumbprint (RFC 7638), the fragment of its verification method in the DID document. */
  kid: string;
  publicJwk: JWK;
  /** Every public key a credential of ours may be signed with: the current one first, then retired ones. */
  verificationKeys: Array<{ kid: string; publicJwk: JWK }>;
}

const KEY_FILE = 'seal-signing-key.jwk';
const RETIRED_FILE = 'seal-retired-public-keys.json';

const publicPart = ({ kty, crv, x }: JWK): JWK => ({ kty, crv, x });

const isEd25519Private = (jwk: JWK): boolean => jwk.kty === 'OKP' && jwk.crv === 'Ed25519' && typeof jwk.x === 'string' && typeof jwk.d === 'string';

const readPrivateJwk = (source: string, where: string): JWK => {
  let jwk: JWK;
  try {
    jwk = JSON.parse(source) as JWK;
  } catch {
    throw new Error(`${where}: not JSON; expected an Ed25519 private key as a JWK`);
  }
  if (!isEd25519Private(jwk)) throw new Error(`${where}: expected an Ed25519 private key as a JWK ({"kty":"OKP","crv":"Ed25519","x":…,"d":…})`);
  return jwk;
};

export const loadSealKeys = async (options: { dataDir: string; signingKey?: string }): Promise<SealKeys> => {
  const keyDir = keyDirectory(options.dataDir);
  const privateJwk = options.signingKey
    ? readPrivateJwk(options.signingKey, 'SEAL_SIGNING_KEY')
    : readOrCreateKeyFile({
        file: path.join(keyDir, KEY_FILE),
        generate: () => generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' }) as JWK,
        serialize: (jwk) => JSON.stringify(jwk),
        parse: readPrivateJwk,
      });
  const privateKey = (await importJWK({ ...privateJwk, alg: 'EdDSA' }, 'EdDSA')) as CryptoKey;
  const publicJwk = publicPart(privateJwk);
  const kid = await calculateJwkThumbprint(publicJwk);

  const retiredFile = path.join(keyDir, RETIRED_FILE);
  const retired = existsSync(retiredFile) ? (JSON.parse(readFileSync(retiredFile, 'utf8')) as JWK[]).map(publicPart) : [];
  const verificationKeys = [{ kid, publicJwk }];
  for (const jwk of retired) {
    const retiredKid = await calculateJwkThumbprint(jwk);
    if (retiredKid !== kid) verificationKeys.push({ kid: retiredKid, publicJwk: jwk });
  }
  return { privateKey, kid, publicJwk, verificationKeys };
};
