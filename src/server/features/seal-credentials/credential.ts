import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { CompactSign, compactVerify, decodeProtectedHeader, importJWK, type JWK } from 'jose';
import { SEAL_ACHIEVEMENT_NAME } from '../../../domain/seal-credential-schemas';
import type { SealKeys } from './keys';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * Seal credentials in the VC-JOSE form (W3C "Securing Verifiable Credentials using JOSE and COSE"): the credential,
 * a VC Data Model 2.0 document shaped as an Open Badges 3.0 achievement credential, is the payload of a compact JWS
 * signed with the platform's Ed25519 key (alg EdDSA, typ vc+jwt). Its issuer is the did:web of PUBLIC_URL.
 * Revocation is a Bitstring Status List, itself a signed credential at a stable URL.
 */
export const VC_CONTEXT = 'https://www.w3.org/ns/credentials/v2';
export const OB_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json';
export const STATUS_LIST_PATH = '/credentials/status/seal';
/** The list's minimum length in bits (Bitstring Status List: 16 KB, so one entry does not stand out). */
export const STATUS_LIST_MIN_BITS = 131_072;
export const VC_JWT_TYPE = 'vc+jwt';

/** did:web of an http(s) URL: the host (a port's colon percent-encoded), then each path segment after a colon. */
export const didWebOf = (publicUrl: string): string => {
  const url = new URL(publicUrl);
  const segments = url.pathname.split('/').filter(Boolean).map(encodeURIComponent);
  return ['did:web', encodeURIComponent(url.host), ...segments].join(':');
};

/** The DID document served at /.well-known/did.json: every key a credential of ours may be signed with. */
export const didDocument = (publicUrl: string, keys: SealKeys) => {
  const did = didWebOf(publicUrl);
  const methods = keys.verificationKeys.map(({ kid, publicJwk }) => ({ id: `${did}#${kid}`, type: 'JsonWebKey', controller: did, publicKeyJwk: publicJwk }));
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/jwk/v1'],
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((method) => method.id),
  };
};

export interface SealEvidence {
  projectId: string;
  title: string;
  completedAt: Date | null;
  processRecordHead: string | null;
}

export interface SealCredentialInput {
  publicUrl: string;
  siteName: string;
  credentialId: string;
  maker: { id: string; name: string };
  issuedAt: Date;
  statusIndex: number;
  evidence: SealEvidence[];
}

export const statusListUrl = (publicUrl: string) => `${publicUrl}${STATUS_LIST_PATH}`;

/** Each evidence entry names its project by the public status URL of its process record, and cites the record's head. */
const evidenceIdOf = (publicUrl: string, projectId: string) => `${publicUrl}/api/process-records/${projectId}/status`;
const HEAD_LABEL = 'process record head';

export interface EvidenceCitation {
  name: string | null;
  projectId: string | null;
  /** The head of the project's process record when the Seal was issued; null when it had none. */
  head: string | null;
}

/** Reads back what buildSealCredential wrote into one evidence entry (a credential's own words: nothing is trusted). */
export const evidenceCitationOf = (entry: unknown, publicUrl: string): EvidenceCitation => {
  const fields = entry && typeof entry === 'object' ? (entry as Record<string, unknown>) : {};
  const id = typeof fields.id === 'string' ? fields.id : '';
  const description = typeof fields.description === 'string' ? fields.description : '';
  const projectId = /^([0-9a-f-]{36})\/status$/.exec(id.startsWith(`${publicUrl}/api/process-records/`) ? id.slice(`${publicUrl}/api/process-records/`.length) : '')?.[1] ?? null;
  const head = new RegExp(`${HEAD_LABEL} ([0-9a-f]{64})$`).exec(description)?.[1] ?? null;
  return { name: typeof fields.name === 'string' ? fields.name : null, projectId, head };
};

export const buildSealCredential = (input: SealCredentialInput) => {
  const { publicUrl } = input;
  const did = didWebOf(publicUrl);
  const listUrl = statusListUrl(publicUrl);
  return {
    '@context': [VC_CONTEXT, OB_CONTEXT],
    id: `urn:uuid:${input.credentialId}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: SEAL_ACHIEVEMENT_NAME,
    issuer: { id: did, type: ['Profile'], name: input.siteName, url: publicUrl },
    validFrom: input.issuedAt.toISOString(),
    credentialSubject: {
      id: `${publicUrl}/studio/${input.maker.id}`,
      type: ['AchievementSubject'],
      name: input.maker.name,
      achievement: {
        id: `${publicUrl}/how-it-works#seal`,
        type: ['Achievement'],
        name: SEAL_ACHIEVEMENT_NAME,
        description: 'Awarded by Humanmade to a verified maker who documented their process on three completed projects.',
        criteria: { narrative: 'Three completed projects, each with its making documented in a tamper-evident process record, reviewed by a Humanmade admin.' },
      },
    },
    evidence: input.evidence.map((project) => ({
      id: evidenceIdOf(publicUrl, project.projectId),
      type: ['Evidence'],
      name: project.title,
      description: `Completed project${project.completedAt ? ` (${project.completedAt.toISOString().slice(0, 10)})` : ''}; ${HEAD_LABEL} ${project.processRecordHead ?? 'none'}`,
    })),
    credentialStatus: {
      id: `${listUrl}#${input.statusIndex}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(input.statusIndex),
      statusListCredential: listUrl,
    },
  };
};

export type SealCredential = ReturnType<typeof buildSealCredential>;

/**
 * The JWT registered claims that mirror a credential's own properties (iss, nbf, jti, sub), as Open Badges 3.0
 * asks of a credential secured as a JWT. VC-JOSE-COSE allows them when they agree with the credential, which they
 * do by construction; a verifier of ours reads the credential's properties, not these.
 */
const registeredClaimsOf = (credential: Record<string, unknown>) => {
  const issuer = credential.issuer as { id?: unknown } | undefined;
  const subject = credential.credentialSubject as { id?: unknown } | undefined;
  const validFrom = typeof credential.validFrom === 'string' ? Date.parse(credential.validFrom) : Number.NaN;
  return {
    ...(typeof issuer?.id === 'string' ? { iss: issuer.id } : {}),
    ...(Number.isFinite(validFrom) ? { nbf: Math.floor(validFrom / 1000) } : {}),
    ...(typeof credential.id === 'string' ? { jti: credential.id } : {}),
    ...(typeof subject?.id === 'string' ? { sub: subject.id } : {}),
  };
};

/** Signs a credential (or a status list credential) as a compact JWS with the current key. */
export const signCredential = (credential: Record<string, unknown>, keys: SealKeys, issuer: string): Promise<string> =>
  new CompactSign(new TextEncoder().encode(JSON.stringify({ ...credential, ...registeredClaimsOf(credential) })))
    .setProtectedHeader({ alg: 'EdDSA', typ: VC_JWT_TYPE, cty: 'vc', kid: `${issuer}#${keys.kid}` })
    .sign(keys.privateKey);

/** The VC 2.0 envelope a credential is downloaded in: JSON, holding the signed form as a data: URL. */
export const envelope = (jwt: string) => ({ '@context': VC_CONTEXT, id: `data:application/${VC_JWT_TYPE},${jwt}`, type: 'EnvelopedVerifiableCredential' as const });

/** The bitstring (bit 0 is the most significant bit of byte 0), gzipped, base64url, multibase prefix 'u'. */
export const encodeStatusList = async (revokedIndexes: Iterable<number>, highestIndex = -1): Promise<string> => {
  const indexes = [...revokedIndexes];
  const bits = Math.max(STATUS_LIST_MIN_BITS, Math.ceil((Math.max(highestIndex, ...indexes) + 1) / 8) * 8);
  const bytes = Buffer.alloc(bits / 8);
  for (const index of indexes) bytes[index >> 3] |= 0x80 >> (index & 7);
  return `u${(await gzipAsync(bytes)).toString('base64url')}`;
};

export const isBitSet = async (encodedList: string, index: number): Promise<boolean> => {
  if (!encodedList.startsWith('u')) throw new Error('status list is not base64url multibase');
  const bytes = await gunzipAsync(Buffer.from(encodedList.slice(1), 'base64url'));
  if (index >> 3 >= bytes.length) throw new Error('status index outside the list');
  return (bytes[index >> 3] & (0x80 >> (index & 7))) !== 0;
};

export const buildStatusListCredential = (publicUrl: string, siteName: string, encodedList: string, at: Date) => {
  const listUrl = statusListUrl(publicUrl);
  return {
    '@context': [VC_CONTEXT],
    id: listUrl,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: { id: didWebOf(publicUrl), name: siteName },
    validFrom: at.toISOString(),
    credentialSubject: { id: `${listUrl}#list`, type: 'BitstringStatusList', statusPurpose: 'revocation', encodedList },
  };
};

/** The signed form inside what a person pasted or uploaded: a bare JWS, or the JSON envelope holding one. */
export const extractJwt = (input: string): string | null => {
  const text = input.trim();
  if (/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(text)) return text;
  try {
    const parsed = JSON.parse(text) as unknown;
    const id = parsed && typeof parsed === 'object' ? (parsed as { id?: unknown }).id : undefined;
    const prefix = `data:application/${VC_JWT_TYPE},`;
    if (typeof id === 'string' && id.startsWith(prefix)) return extractJwt(id.slice(prefix.length));
  } catch {
    return null;
  }
  return null;
};

export type SignatureCheck = { ok: true; payload: Record<string, unknown> } | { ok: false; reason: 'malformed' | 'unknown_key' | 'bad_signature' };

/**
 * Checks a JWS against the keys of our DID document. The key must be one of ours (its kid names it); a token signed
 * with any other key, or altered by a byte, fails.
 */
export const checkSignature = async (jwt: string, issuer: string, verificationKeys: Array<{ kid: string; publicJwk: JWK }>): Promise<SignatureCheck> => {
  let kid: string | undefined;
  try {
    const header = decodeProtectedHeader(jwt);
    if (header.alg !== 'EdDSA' || header.typ !== VC_JWT_TYPE) return { ok: false, reason: 'malformed' };
    kid = header.kid;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const key = verificationKeys.find((candidate) => `${issuer}#${candidate.kid}` === kid);
  if (!key) return { ok: false, reason: 'unknown_key' };
  try {
    const { payload } = await compactVerify(jwt, await importJWK({ ...key.publicJwk, alg: 'EdDSA' }, 'EdDSA'));
    const parsed = JSON.parse(new TextDecoder().decode(payload)) as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { ok: false, reason: 'malformed' };
    return { ok: true, payload: parsed as Record<string, unknown> };
  } catch {
    return { ok: false, reason: 'bad_signature' };
  }
};
