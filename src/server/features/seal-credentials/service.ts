import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CredentialVerification } from '../../../domain/seal-credential-schemas';
import type { DbExecutor, Transaction } from '../../db/client';
import { projects, sealCredentials } from '../../db/schema';
import { citedRecordState, processRecordHeads } from '../process-record/service';
import { hasCountedProcessDoc } from '../provenance/project-file-credentials';
import {
  buildSealCredential,
  buildStatusListCredential,
  checkSignature,
  didDocument,
  didWebOf,
  encodeStatusList,
  envelope,
  evidenceCitationOf,
  extractJwt,
  isBitSet,
  signCredential,
  statusListUrl,
} from './credential';
import { loadSealKeys, type SealKeys } from './keys';
import { RESOURCE_MESSAGES } from '../../../domain/messages';
import { HttpError } from '../../http/errors';
import { isOutOfSpace } from '../../storage/out-of-space';

/**
 * A key file that could not be written for lack of disk is 503 'out of storage space', and not the database's own
 * 'nothing was saved' (which also marks health as refusing writes): the database is fine.
 */
export const keyLoadFailure = (error: unknown): unknown =>
  isOutOfSpace(error) ? new HttpError(503, 'out_of_space', RESOURCE_MESSAGES.outOfSpace) : error;

/**
 * One key load per app (each test app has its own DATA_DIR, hence its own key). A load that failed (the key file
 * could not be written on a full disk) is forgotten, so the next request tries again once there is room: keeping the
 * rejected promise would refuse every Seal, DID and status-list request until a restart.
 */
const keysByApp = new WeakMap<FastifyInstance, Promise<SealKeys>>();
export const sealKeysOf = (app: FastifyInstance): Promise<SealKeys> => {
  let keys = keysByApp.get(app);
  if (!keys) {
    const loading = loadSealKeys({ dataDir: app.config.DATA_DIR, signingKey: app.config.SEAL_SIGNING_KEY }).catch((error: unknown) => {
      throw keyLoadFailure(error);
    });
    keys = loading;
    keysByApp.set(app, loading);
    loading.catch(() => {
      if (keysByApp.get(app) === loading) keysByApp.delete(app);
    });
  }
  return keys;
};

export const sealDidDocument = async (app: FastifyInstance) => didDocument(app.config.PUBLIC_URL, await sealKeysOf(app));

/** The maker's three most recently completed projects that have process docs counting toward the Seal: its evidence. */
const evidenceOf = async (tx: DbExecutor, makerId: string) => {
  const rows = await tx
    .select({ projectId: projects.id, title: projects.title, completedAt: projects.completedAt })
    .from(projects)
    .where(and(eq(projects.makerId, makerId), eq(projects.status, 'completed'), hasCountedProcessDoc(projects.id)))
    .orderBy(desc(projects.completedAt), desc(projects.id))
    .limit(3);
  const heads = await processRecordHeads(tx, rows.map((row) => row.projectId));
  return rows.map((row) => ({ ...row, processRecordHead: heads.get(row.projectId) ?? null }));
};

/** Issues the maker's Seal credential, in the transaction that assigns the Seal. */
export const issueSealCredential = async (app: FastifyInstance, tx: Transaction, maker: { id: string; name: string }): Promise<string> => {
  const keys = await sealKeysOf(app);
  const [{ statusIndex }] = (
    await tx.execute<{ statusIndex: number }>(sql`select nextval(pg_get_serial_sequence('seal_credentials', 'status_index'))::int as "statusIndex"`)
  ).rows;
  const [{ id }] = (await tx.execute<{ id: string }>(sql`select gen_random_uuid()::text as id`)).rows;
  const issuedAt = new Date();
  const credential = buildSealCredential({
    publicUrl: app.config.PUBLIC_URL,
    siteName: app.config.SITE_NAME,
    credentialId: id,
    maker,
    issuedAt,
    statusIndex,
    evidence: await evidenceOf(tx, maker.id),
  });
  const jwt = await signCredential(credential, keys, didWebOf(app.config.PUBLIC_URL));
  await tx.insert(sealCredentials).values({ id, makerId: maker.id, statusIndex, jwt, issuedAt });
  return id;
};

/** Flips the maker's credentials' bits in the status list: in the transaction that revokes the Seal or the account. */
export const revokeSealCredentials = (tx: DbExecutor, makerId: string) =>
  tx.update(sealCredentials).set({ revokedAt: new Date() }).where(and(eq(sealCredentials.makerId, makerId), isNull(sealCredentials.revokedAt)));

const encodedStatusList = async (db: DbExecutor): Promise<string> => {
  const revoked = await db.select({ index: sealCredentials.statusIndex }).from(sealCredentials).where(isNotNull(sealCredentials.revokedAt));
  const [{ highest }] = await db.select({ highest: sql<number>`coalesce(max(${sealCredentials.statusIndex}), -1)::int` }).from(sealCredentials);
  return encodeStatusList(
    revoked.map((row) => row.index),
    highest,
  );
};

/** The revocation list as a signed credential (vc+jwt), as served at /credentials/status/seal. */
export const signedStatusList = async (app: FastifyInstance): Promise<string> => {
  const credential = buildStatusListCredential(app.config.PUBLIC_URL, app.config.SITE_NAME, await encodedStatusList(app.db), new Date());
  return signCredential(credential, await sealKeysOf(app), didWebOf(app.config.PUBLIC_URL));
};

/** The maker's Seal credential in force, in its downloadable JSON envelope; null when they hold none. */
export const currentSealCredential = async (db: DbExecutor, makerId: string) => {
  const [row] = await db
    .select({ jwt: sealCredentials.jwt })
    .from(sealCredentials)
    .where(and(eq(sealCredentials.makerId, makerId), isNull(sealCredentials.revokedAt)))
    .orderBy(desc(sealCredentials.issuedAt))
    .limit(1);
  return row ? envelope(row.jwt) : null;
};

/** The maker's latest credential, revoked or not: what 'Verify this Seal' on a studio checks. */
export const latestSealCredentialJwt = async (db: DbExecutor, makerId: string): Promise<string | null> => {
  const [row] = await db.select({ jwt: sealCredentials.jwt }).from(sealCredentials).where(eq(sealCredentials.makerId, makerId)).orderBy(desc(sealCredentials.issuedAt)).limit(1);
  return row?.jwt ?? null;
};

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

const NOTHING_READ = { revoked: null, revokedAt: null, issuer: null, subject: null, achievement: null, validFrom: null, evidenceCount: 0, evidence: [] } satisfies Partial<CredentialVerification>;

/**
 * Each evidence entry checked as the public status endpoint checks it: the cited project's process record
 * recomputed (chain and files), with the head the credential cites still in it. An entry that cited no record
 * (a project documented before records existed) has nothing to check. A project that went with its client's
 * deleted account reads as removed, not changed, when what stays of its record shows the cited head (decision 192):
 * the maker did nothing to it, so it does not make the Seal's evidence fail.
 */
const checkEvidence = async (app: FastifyInstance, entries: unknown[]): Promise<CredentialVerification['evidence']> => {
  const checked: CredentialVerification['evidence'] = [];
  for (const entry of entries) {
    const citation = evidenceCitationOf(entry, app.config.PUBLIC_URL);
    const name = citation.name ?? 'A completed project';
    if (!citation.head) {
      checked.push({ name, record: 'none' });
      continue;
    }
    const cited = citation.projectId === null ? { state: 'changed' as const } : await citedRecordState(app, citation.projectId, citation.head);
    checked.push(cited.state === 'removed' ? { name, record: 'removed', removedAt: cited.removedAt.toISOString() } : { name, record: cited.state });
  }
  return checked;
};

/**
 * Verifies a credential as anyone would: the signature against our DID document's keys, then its bit in our
 * published status list (decoded from the list itself, as an outside verifier reads it). No network: both are ours.
 */
export const verifySealCredential = async (app: FastifyInstance, input: string): Promise<CredentialVerification> => {
  const jwt = extractJwt(input);
  if (!jwt) return { outcome: 'unreadable', signatureValid: false, ...NOTHING_READ };
  const issuerDid = didWebOf(app.config.PUBLIC_URL);
  const keys = await sealKeysOf(app);
  const checked = await checkSignature(jwt, issuerDid, keys.verificationKeys);
  if (!checked.ok) return { outcome: checked.reason === 'malformed' ? 'unreadable' : 'invalid_signature', signatureValid: false, ...NOTHING_READ };

  const credential = checked.payload;
  const issuer = record(credential.issuer);
  const subject = record(credential.credentialSubject);
  const status = record(credential.credentialStatus);
  const statusIndex = Number(text(status.statusListIndex));
  const read = {
    issuer: { id: text(issuer.id) ?? '', name: text(issuer.name) },
    subject: { id: text(subject.id) ?? '', name: text(subject.name) },
    achievement: text(record(subject.achievement).name),
    validFrom: text(credential.validFrom),
    evidenceCount: Array.isArray(credential.evidence) ? credential.evidence.length : 0,
  };
  // Signed by our key but not shaped as our Seal: nothing to vouch for.
  if (read.issuer.id !== issuerDid || text(status.statusListCredential) !== statusListUrl(app.config.PUBLIC_URL) || !Number.isInteger(statusIndex) || statusIndex < 0) {
    return { outcome: 'unreadable', signatureValid: true, revoked: null, revokedAt: null, ...read, evidence: [] };
  }
  const revoked = await isBitSet(await encodedStatusList(app.db), statusIndex);
  const evidence = await checkEvidence(app, Array.isArray(credential.evidence) ? credential.evidence : []);
  const evidenceHolds = evidence.every((entry) => entry.record !== 'changed');
  const [withdrawn] = revoked
    ? await app.db.select({ at: sealCredentials.revokedAt }).from(sealCredentials).where(eq(sealCredentials.statusIndex, statusIndex))
    : [];
  return {
    outcome: revoked ? 'revoked' : evidenceHolds ? 'valid' : 'evidence_changed',
    signatureValid: true,
    revoked,
    revokedAt: withdrawn?.at?.toISOString() ?? null,
    ...read,
    evidence,
  };
};
