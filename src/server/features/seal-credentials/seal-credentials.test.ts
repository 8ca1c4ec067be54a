import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import type { StudioData } from '../../../domain/marketplace';
import { makerProfiles, processRecordEntries, processRecordRemovals, sealCredentials } from '../../db/schema';
import { appendProcessRecordEntry } from '../process-record/service';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { addProject, submitMaker } from '../../../../test/support/admin';
import { issueMissingSealCredentials } from './backfill';
import { buildSealCredential, didWebOf, encodeStatusList, isBitSet, signCredential, STATUS_LIST_MIN_BITS } from './credential';
import { loadSealKeys } from './keys';

let ctx: TestContext;
let admin: TestUser;
let client: TestUser;
withTestContext(async (created) => {
  ctx = created;
  admin = await ctx.createAdmin();
  client = await ctx.signUp('client');
}, {}, 60_000);

/** A process doc's file on disk and its entry in the project's record: what an upload leaves. Returns the file's path. */
const recordProcessDoc = async (projectId: string, makerId: string): Promise<string> => {
  const key = `${makerId}/${projectId}/process/sketch.png`;
  const filePath = path.join(ctx.config.DATA_DIR, 'uploads', 'process-docs', key);
  const bytes = Buffer.from(`sketch of ${projectId}`);
  await mkdir(path.dirname(filePath), { recursive: true });
  await writeFile(filePath, bytes);
  await ctx.db.transaction((tx) =>
    appendProcessRecordEntry(tx, { projectId, kind: 'process_doc', fileUrl: `/files/process-docs/${key}`, fileSha256: createHash('sha256').update(bytes).digest('hex'), uploaderId: makerId }),
  );
  return filePath;
};

/**
 * A maker with three completed, documented projects (for `clients`, the shared client by default); with `recorded`,
 * each project's process doc is in its record (the others cite none). With `assign`, an admin assigns the Seal.
 */
const documentedMaker = async ({ recorded = false, clients = [client, client, client] } = {}) => {
  const maker = await ctx.signUp('maker');
  await submitMaker(ctx, maker, { status: 'approved' });
  const files: string[] = [];
  const projectIds: string[] = [];
  for (let index = 0; index < 3; index += 1) {
    const project = await addProject(ctx, { clientId: clients[index].id, makerId: maker.id, status: 'completed', withDoc: true, title: `Project ${index + 1}` });
    projectIds.push(project.id);
    if (recorded) files.push(await recordProcessDoc(project.id, maker.id));
  }
  return Object.assign(maker, { files, projectIds });
};

/** A maker with the Seal, assigned by an admin (see documentedMaker). */
const sealedMaker = async (options: Parameters<typeof documentedMaker>[0] = {}) => {
  const maker = await documentedMaker(options);
  expect((await ctx.inject(admin, { method: 'POST', url: `/api/admin/seal/${maker.id}/assign` })).statusCode).toBe(200);
  return maker;
};

const download = async (makerId: string) => ctx.inject(null, { method: 'GET', url: `/api/credentials/seal/${makerId}` });
const verify = async (credential: string) => {
  const response = await ctx.inject(null, { method: 'POST', url: '/api/credentials/verify', payload: { credential } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const jwtOf = (envelope: { id: string }) => envelope.id.replace('data:application/vc+jwt,', '');
const payloadOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8'));

describe('the status list, pure', () => {
  it('sets exactly the revoked bits in a list of at least 16 KB', async () => {
    const encoded = await encodeStatusList([0, 7, 9000]);
    expect(encoded.startsWith('u')).toBe(true);
    for (const [index, set] of [[0, true], [1, false], [7, true], [8, false], [9000, true], [STATUS_LIST_MIN_BITS - 1, false]] as const) {
      expect(await isBitSet(encoded, index)).toBe(set);
    }
    await expect(isBitSet(encoded, STATUS_LIST_MIN_BITS)).rejects.toThrow(/outside/);
  });

  it('names the issuer by did:web, the port encoded and the path as segments', () => {
    expect(didWebOf('http://localhost:3000')).toBe('did:web:localhost%3A3000');
    expect(didWebOf('https://humanmade.example/app')).toBe('did:web:humanmade.example:app');
  });
});

describe('the Seal as a verifiable credential', () => {
  it('is issued when the Seal is assigned: an Open Badges achievement, signed by the key in the DID document, with the three projects as evidence', async () => {
    const maker = await sealedMaker();
    const response = await download(maker.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/attachment/);
    const envelope = response.json();
    expect(envelope.type).toBe('EnvelopedVerifiableCredential');
    const jwt = jwtOf(envelope);
    const credential = payloadOf(jwt);
    const did = didWebOf(ctx.config.PUBLIC_URL);
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(credential.issuer.id).toBe(did);
    expect(credential.credentialSubject.achievement.name).toBe('Seal of human creativity');
    expect(credential.credentialSubject.id).toBe(`${ctx.config.PUBLIC_URL}/studio/${maker.id}`);
    expect(credential.evidence).toHaveLength(3);
    expect(credential.credentialStatus).toMatchObject({ type: 'BitstringStatusListEntry', statusPurpose: 'revocation', statusListCredential: `${ctx.config.PUBLIC_URL}/credentials/status/seal` });

    // What a verifier on another site fetches from the browser is readable from any origin, without cookies.
    for (const url of ['/.well-known/did.json', '/credentials/status/seal', `/api/credentials/seal/${maker.id}`]) {
      const response = await ctx.inject(null, { method: 'GET', url, headers: { origin: 'https://verifier.example' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['access-control-allow-origin'], url).toBe('*');
      expect(response.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    }
    const didDocument = (await ctx.inject(null, { method: 'GET', url: '/.well-known/did.json' })).json();
    expect(didDocument.id).toBe(did);
    expect(didDocument.assertionMethod).toContain(decodeProtectedHeader(jwt).kid);

    expect(await verify(JSON.stringify(envelope))).toMatchObject({
      outcome: 'valid',
      signatureValid: true,
      revoked: false,
      issuer: { id: did },
      subject: { name: maker.name },
      achievement: 'Seal of human creativity',
      evidenceCount: 3,
      // These projects predate their process records: each is listed, with no record to check.
      evidence: [1, 2, 3].map(() => ({ name: expect.stringMatching(/^Project \d$/), record: 'none' })),
    });
    // The bare signed form verifies too.
    expect((await verify(jwt)).outcome).toBe('valid');
  });

  it('carries the JWT claims Open Badges 3.0 asks for, each equal to the credential property it mirrors', async () => {
    const maker = await sealedMaker();
    const credential = payloadOf(jwtOf((await download(maker.id)).json()));
    expect(credential.iss).toBe(credential.issuer.id);
    expect(credential.jti).toBe(credential.id);
    expect(credential.sub).toBe(credential.credentialSubject.id);
    expect(credential.nbf).toBe(Math.floor(Date.parse(credential.validFrom) / 1000));
  });

  it('checks its evidence: a process record it cites that no longer verifies makes it fail, naming the project', async () => {
    const maker = await sealedMaker({ recorded: true });
    const envelope = JSON.stringify((await download(maker.id)).json());
    const before = await verify(envelope);
    expect(before.outcome).toBe('valid');
    expect(before.evidence).toHaveLength(3);
    expect(before.evidence.every((entry: { record: string }) => entry.record === 'verified')).toBe(true);

    await writeFile(maker.files[1], 'swapped after the fact');
    const after = await verify(envelope);
    expect(after).toMatchObject({ outcome: 'evidence_changed', signatureValid: true, revoked: false });
    expect(after.evidence.map((entry: { record: string }) => entry.record).sort()).toEqual(['changed', 'verified', 'verified']);
    expect((await ctx.inject(null, { method: 'GET', url: `/api/credentials/seal/${maker.id}/verification` })).json().outcome).toBe('evidence_changed');
  });

  it("reads a cited project that went with its client's deleted account as removed, not changed: the Seal stays valid", async () => {
    const leaving = await ctx.signUp('client');
    const maker = await sealedMaker({ recorded: true, clients: [leaving, client, client] });
    const envelope = JSON.stringify((await download(maker.id)).json());
    expect((await verify(envelope)).outcome).toBe('valid');
    const [removedProject] = maker.projectIds;
    const status = (projectId: string) => ctx.inject(null, { method: 'GET', url: `/api/process-records/${projectId}/status` });
    expect((await status(removedProject)).json()).toMatchObject({ verified: true, entryCount: 1 });

    expect((await ctx.inject(leaving, { method: 'DELETE', url: '/api/account' })).statusCode).toBe(204);
    // The cascade took the project's record; what stays is its hashes, and that its chain held when it went.
    expect(await ctx.db.select().from(processRecordEntries).where(eq(processRecordEntries.projectId, removedProject))).toHaveLength(0);
    const [removal] = await ctx.db.select().from(processRecordRemovals).where(eq(processRecordRemovals.projectId, removedProject));
    expect(removal).toMatchObject({ reason: 'client_account_deleted', chainHeld: true, entryHashes: [expect.stringMatching(/^[0-9a-f]{64}$/)] });

    const after = await verify(envelope);
    expect(after).toMatchObject({ outcome: 'valid', signatureValid: true, revoked: false });
    expect(after.evidence.find((entry: { name: string }) => entry.name === 'Project 1')).toEqual({ name: 'Project 1', record: 'removed', removedAt: removal.removedAt.toISOString() });
    expect(after.evidence.filter((entry: { record: string }) => entry.record === 'verified')).toHaveLength(2);
    expect((await ctx.inject(null, { method: 'GET', url: `/api/credentials/seal/${maker.id}/verification` })).json().outcome).toBe('valid');
    // The link the credential gives for that project says what became of it, instead of 'not found'.
    const gone = await status(removedProject);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().message).toBe("This project's process record was removed when its client deleted their account.");
    expect((await status(maker.projectIds[1])).json()).toMatchObject({ verified: true });

    // A credential citing a head the removed record never had (re-signed with our key) still reads as changed.
    const payload = payloadOf(jwtOf(JSON.parse(envelope)));
    payload.evidence = payload.evidence.map((entry: { description: string; id: string }) =>
      entry.id.includes(removedProject) ? { ...entry, description: entry.description.replace(/[0-9a-f]{64}$/, 'f'.repeat(64)) } : entry,
    );
    const forgedHead = await signCredential(payload, await loadSealKeys({ dataDir: ctx.config.DATA_DIR }), didWebOf(ctx.config.PUBLIC_URL));
    const checked = await verify(forgedHead);
    expect(checked.outcome).toBe('evidence_changed');
    expect(checked.evidence.find((entry: { name: string }) => entry.name === 'Project 1')).toMatchObject({ record: 'changed' });
  });

  it('fails when any byte of the credential changed', async () => {
    const maker = await sealedMaker();
    const jwt = jwtOf((await download(maker.id)).json());
    const [header, payload, signature] = jwt.split('.');
    const altered = Buffer.from(payload, 'base64url').toString('utf8').replace(maker.name, `${maker.name}x`);
    expect((await verify(`${header}.${Buffer.from(altered).toString('base64url')}.${signature}`)).outcome).toBe('invalid_signature');
    const flipped = `${signature.slice(0, 10)}${signature[10] === 'A' ? 'B' : 'A'}${signature.slice(11)}`;
    expect((await verify(`${header}.${payload}.${flipped}`)).outcome).toBe('invalid_signature');
  });

  it('reads as revoked once the Seal is revoked, through the published status list', async () => {
    const maker = await sealedMaker();
    const envelope = JSON.stringify((await download(maker.id)).json());
    expect((await ctx.inject(admin, { method: 'POST', url: `/api/admin/seal/${maker.id}/revoke`, payload: { reason: 'Copied work' } })).statusCode).toBe(200);
    expect(await verify(envelope)).toMatchObject({ outcome: 'revoked', signatureValid: true, revoked: true, revokedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect((await download(maker.id)).statusCode).toBe(404);
    expect((await ctx.inject(null, { method: 'GET', url: `/api/credentials/seal/${maker.id}/verification` })).json().outcome).toBe('revoked');

    const list = await ctx.inject(null, { method: 'GET', url: '/credentials/status/seal' });
    expect(list.headers['content-type']).toMatch(/application\/vc\+jwt/);
    const listCredential = payloadOf(list.body);
    expect(listCredential.type).toContain('BitstringStatusListCredential');
    const index = Number(payloadOf(jwtOf(JSON.parse(envelope))).credentialStatus.statusListIndex);
    expect(await isBitSet(listCredential.credentialSubject.encodedList, index)).toBe(true);
  });

  it('fails for a credential signed with another key, even one claiming to be ours', async () => {
    const maker = await sealedMaker();
    const ours = payloadOf(jwtOf((await download(maker.id)).json()));
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const otherKeys = await loadSealKeys({ dataDir: '/nonexistent', signingKey: JSON.stringify(await exportJWK(privateKey)) });
    const did = didWebOf(ctx.config.PUBLIC_URL);
    const forged = await signCredential(ours, otherKeys, did);
    expect((await verify(forged)).outcome).toBe('invalid_signature');
    // The same key id as ours in the header, the other key's signature.
    const ourKid = decodeProtectedHeader(jwtOf((await download(maker.id)).json())).kid as string;
    const claimed = await signCredential(ours, { ...otherKeys, kid: ourKid.split('#')[1] }, did);
    expect((await verify(claimed)).outcome).toBe('invalid_signature');
  });

  it('refuses what is not a credential, and keeps the key across restarts of the same data directory', async () => {
    expect((await verify('not a credential')).outcome).toBe('unreadable');
    expect((await ctx.inject(null, { method: 'POST', url: '/api/credentials/verify', payload: { credential: '' } })).statusCode).toBe(400);
    const first = await loadSealKeys({ dataDir: ctx.config.DATA_DIR });
    const again = await loadSealKeys({ dataDir: ctx.config.DATA_DIR });
    expect(again.kid).toBe(first.kid);
    const built = buildSealCredential({ publicUrl: 'http://x', siteName: 'H', credentialId: 'c', maker: { id: 'm', name: 'M' }, issuedAt: new Date(0), statusIndex: 1, evidence: [] });
    expect(built.validFrom).toBe('1970-01-01T00:00:00.000Z');
  });
});

describe('Seals assigned before credentials existed', () => {
  const studioOf = async (makerId: string) => (await ctx.inject(null, { method: 'GET', url: `/api/studio/${makerId}` })).json<StudioData>();
  /** As migration 0008 found them: the Seal set, no credential issued. */
  const legacySeal = (makerId: string) => ctx.db.update(makerProfiles).set({ sealStatus: 'verified' }).where(eq(makerProfiles.userId, makerId));

  it('get a credential at start when their evidence exists, once; the studio then offers its links', async () => {
    const maker = await documentedMaker({ recorded: true });
    await legacySeal(maker.id);
    expect(await studioOf(maker.id)).toMatchObject({ sealStatus: 'verified', hasSealCredential: false });
    expect((await download(maker.id)).statusCode).toBe(404);

    // Two instances starting together: one credential between them.
    const [first, second] = await Promise.all([issueMissingSealCredentials(ctx.app), issueMissingSealCredentials(ctx.app)]);
    expect(first + second).toBe(1);
    expect(await studioOf(maker.id)).toMatchObject({ sealStatus: 'verified', hasSealCredential: true });
    const verification = await verify(JSON.stringify((await download(maker.id)).json()));
    expect(verification).toMatchObject({ outcome: 'valid', subject: { name: maker.name }, evidenceCount: 3 });
    expect(verification.evidence.map((entry: { record: string }) => entry.record)).toEqual(['verified', 'verified', 'verified']);

    // Started again (or a second instance): nothing more to issue.
    expect(await issueMissingSealCredentials(ctx.app)).toBe(0);
    expect(await ctx.db.select().from(sealCredentials).where(eq(sealCredentials.makerId, maker.id))).toHaveLength(1);
  });

  it('get none without the evidence: the studio shows the Seal without the links', async () => {
    const maker = await ctx.signUp('maker');
    await submitMaker(ctx, maker, { status: 'approved' });
    await addProject(ctx, { clientId: client.id, makerId: maker.id, status: 'completed', withDoc: true });
    await legacySeal(maker.id);

    await issueMissingSealCredentials(ctx.app);
    expect(await ctx.db.select().from(sealCredentials).where(eq(sealCredentials.makerId, maker.id))).toHaveLength(0);
    expect(await studioOf(maker.id)).toMatchObject({ sealStatus: 'verified', hasSealCredential: false });
    expect((await download(maker.id)).statusCode).toBe(404);
  });

  it('a Seal assigned today has its credential, and the studio says so; a revoked one has neither', async () => {
    const maker = await sealedMaker();
    expect(await studioOf(maker.id)).toMatchObject({ sealStatus: 'verified', hasSealCredential: true });
    expect((await ctx.inject(admin, { method: 'POST', url: `/api/admin/seal/${maker.id}/revoke`, payload: { reason: 'Copied work' } })).statusCode).toBe(200);
    expect(await studioOf(maker.id)).toMatchObject({ sealStatus: 'none', hasSealCredential: false });
  });
});
