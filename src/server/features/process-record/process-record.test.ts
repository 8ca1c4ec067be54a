import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { processRecordEntries, processRecordRemovals, projects } from '../../db/schema';
import { parseFileUrl } from '../../storage/storage';
import { expectAccess, type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { acceptedProject, approveMaker, onboardedClient, pdfBuffer, pngBuffer, uploadProjectFile } from '../../../../test/support/project-fixtures';
import { checkChain, entryHashOf, GENESIS_HASH } from './chain';
import { TOMBSTONE_NOTE } from './service';

/** What the database says when it refuses a statement ('allowed' when it does not). */
const refusal = (attempt: Promise<unknown>) => attempt.then(() => 'allowed', (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message));

let ctx: TestContext;
let client: TestUser;
let maker: TestUser;
let admin: TestUser;

withTestContext(async (created) => {
  ctx = created;
  client = await onboardedClient(ctx);
  maker = await approveMaker(ctx);
  admin = await ctx.createAdmin();
}, {}, 60_000);

const upload = (user: TestUser, id: string, kind: 'process-docs' | 'deliverable', data: Buffer, filename: string, contentType: string) =>
  uploadProjectFile(ctx, user, id, kind, { data, filename, contentType });

/** Two process docs and a PDF deliverable: a chain of three. */
const documentedProject = async (forClient = client, forMaker = maker) => {
  const id = await acceptedProject(ctx, forClient, forMaker);
  await upload(forMaker, id, 'process-docs', await pngBuffer('#112233'), 'one.png', 'image/png');
  await upload(forMaker, id, 'process-docs', await pngBuffer('#445566'), 'two.png', 'image/png');
  await upload(forMaker, id, 'deliverable', pdfBuffer(), 'final.pdf', 'application/pdf');
  return id;
};

const record = async (user: TestUser, id: string) => (await ctx.inject(user, { method: 'GET', url: `/api/process-records/${id}` })).json().entries;
const verification = async (user: TestUser, id: string) => {
  const response = await ctx.inject(user, { method: 'GET', url: `/api/process-records/${id}/verification` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const localPathOf = (url: string) => {
  const parsed = parseFileUrl(url)!;
  return path.join(ctx.config.DATA_DIR, 'uploads', parsed.bucket, parsed.key);
};

describe('the chain, pure', () => {
  it('links each entry to the one before and finds a changed field, a broken link and a gap', () => {
    const base = { projectId: 'p', kind: 'process_doc' as const, fileSha256: 'a'.repeat(64), uploaderId: 'u', note: null, createdAt: new Date(0) };
    const first = { ...base, seq: 1, prevHash: GENESIS_HASH };
    const firstHash = entryHashOf(first);
    const second = { ...base, seq: 2, prevHash: firstHash, fileSha256: 'b'.repeat(64) };
    const chain = [
      { ...first, entryHash: firstHash },
      { ...second, entryHash: entryHashOf(second) },
    ];
    expect(checkChain(chain)).toEqual([null, null]);
    expect(checkChain([{ ...chain[0], fileSha256: 'c'.repeat(64) }, chain[1]])).toEqual(['hash', null]);
    expect(checkChain([chain[0], { ...chain[1], prevHash: GENESIS_HASH }])).toEqual([null, 'link']);
    expect(checkChain([chain[1]])).toEqual(['sequence']);
  });
});

describe('process record', () => {
  it('holds every process doc and the deliverable in upload order, each with its file hash, chained from the first', async () => {
    const id = await documentedProject();
    const entries = await record(client, id);
    expect(entries.map((entry: { kind: string }) => entry.kind)).toEqual(['process_doc', 'process_doc', 'deliverable']);
    expect(entries[0].prevHash).toBe(GENESIS_HASH);
    expect(entries[1].prevHash).toBe(entries[0].entryHash);
    expect(entries[2].prevHash).toBe(entries[1].entryHash);
    expect(entries[2].fileSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(entries[0].uploaderName).toBe(maker.name);

    const checked = await verification(maker, id);
    expect(checked).toMatchObject({ projectId: id, verified: true, entryCount: 3, head: entries[2].entryHash });
    expect(checked.entries.map((entry: { status: string }) => entry.status)).toEqual(['ok', 'ok', 'ok']);
  });

  it('answers anyone, signed out too, whether it verifies, without files or people', async () => {
    const id = await documentedProject();
    const response = await ctx.inject(null, { method: 'GET', url: `/api/process-records/${id}/status`, headers: { origin: 'https://verifier.example' } });
    expect(response.statusCode).toBe(200);
    // A verifier on another site reads it from the browser.
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    const body = response.json();
    expect(body).toMatchObject({ projectId: id, verified: true, entryCount: 3 });
    expect(Object.keys(body).sort()).toEqual(['checkedAt', 'entryCount', 'head', 'projectId', 'verified']);
    // A verifier holding a credential asks after the head it cites: still the record's, in a chain that verifies.
    const cited = async (head: string) => (await ctx.inject(null, { method: 'GET', url: `/api/process-records/${id}/status?head=${head}` })).json().cited;
    expect(await cited(body.head)).toBe('verified');
    expect(await cited('0'.repeat(64))).toBe('changed');
    expect((await ctx.inject(null, { method: 'GET', url: `/api/process-records/${id}/status?head=nothex` })).statusCode).toBe(400);
    expect(response.body).not.toContain('/files/');
    expect(response.body).not.toContain(maker.id);
    const unknown = await ctx.inject(null, { method: 'GET', url: `/api/process-records/00000000-0000-4000-8000-000000000000/status` });
    expect(unknown.statusCode).toBe(404);
  });

  it('shows its entries and checks only for the client, the creator and admins', async () => {
    const id = await documentedProject();
    const stranger = await onboardedClient(ctx);
    for (const url of [`/api/process-records/${id}`, `/api/process-records/${id}/verification`]) {
      await expectAccess(ctx, { method: 'GET', url }, [
        ['anonymous', null, 401],
        ['other client', stranger, 404],
        ['client', client, 200],
        ['creator', maker, 200],
        ['admin', admin, 200],
      ]);
    }
  });

  it('finds a file whose bytes were swapped after upload', async () => {
    const id = await documentedProject();
    const [first] = await record(maker, id);
    await writeFile(localPathOf(first.fileUrl), await pngBuffer('#ff0000'));
    const checked = await verification(client, id);
    expect(checked.verified).toBe(false);
    expect(checked.entries.map((entry: { status: string }) => entry.status)).toEqual(['file_changed', 'ok', 'ok']);
    expect((await ctx.inject(null, { method: 'GET', url: `/api/process-records/${id}/status` })).json().verified).toBe(false);
  });

  it('refuses any change or removal of an entry in the database itself', async () => {
    const id = await documentedProject();
    expect(await refusal(ctx.db.update(processRecordEntries).set({ note: 'rewritten' }).where(eq(processRecordEntries.projectId, id)))).toMatch(/append-only/);
    expect(await refusal(ctx.db.delete(processRecordEntries).where(eq(processRecordEntries.projectId, id)))).toMatch(/append-only/);
    // Nor may TRUNCATE empty it, or a delete of its project take it without the removal row an account deletion
    // leaves (decision 214).
    expect(await refusal(ctx.db.execute(sql`truncate process_record_entries cascade`))).toMatch(/append-only/);
    expect(await refusal(ctx.db.execute(sql`truncate process_record_removals`))).toMatch(/append-only/);
    expect(await refusal(ctx.db.delete(projects).where(eq(projects.id, id)))).toMatch(/append-only/);
    expect(await ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.id, id))).toHaveLength(1);
    expect(await ctx.db.select().from(processRecordEntries).where(eq(processRecordEntries.projectId, id))).toHaveLength(3);
  });

  it('finds an entry rewritten by someone who switched the guard off', async () => {
    const id = await documentedProject();
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql`alter table process_record_entries disable trigger process_record_append_only`);
      await tx.update(processRecordEntries).set({ fileSha256: 'f'.repeat(64) }).where(sql`${processRecordEntries.projectId} = ${id} and ${processRecordEntries.seq} = 2`);
      await tx.execute(sql`alter table process_record_entries enable trigger process_record_append_only`);
    });
    const checked = await verification(admin, id);
    expect(checked.verified).toBe(false);
    expect(checked.entries.map((entry: { status: string }) => entry.status)).toEqual(['ok', 'chain_broken', 'ok']);
  });

  it("keeps the record whole when the creator's account is deleted: a tombstone explains the files that went", async () => {
    const departing = await approveMaker(ctx);
    const id = await documentedProject(client, departing);
    expect((await ctx.inject(admin, { method: 'DELETE', url: `/api/admin/users/${departing.id}` })).statusCode).toBe(204);
    const entries = await record(client, id);
    expect(entries).toHaveLength(4);
    expect(entries[3]).toMatchObject({ kind: 'tombstone', note: TOMBSTONE_NOTE, fileSha256: null, prevHash: entries[2].entryHash });
    const checked = await verification(client, id);
    expect(checked.entries.map((entry: { status: string }) => entry.status)).toEqual(['file_removed', 'file_removed', 'file_removed', 'ok']);
    expect(checked.verified).toBe(true);
  });

  it("goes with the project when the client's account is deleted", async () => {
    const leavingClient = await onboardedClient(ctx);
    const id = await documentedProject(leavingClient, maker);
    const hashes = (await ctx.db.select({ hash: processRecordEntries.entryHash }).from(processRecordEntries).where(eq(processRecordEntries.projectId, id)).orderBy(processRecordEntries.seq)).map(
      (row) => row.hash,
    );
    expect((await ctx.inject(admin, { method: 'DELETE', url: `/api/admin/users/${leavingClient.id}` })).statusCode).toBe(204);
    expect(await ctx.db.select().from(projects).where(eq(projects.id, id))).toHaveLength(0);
    expect(await ctx.db.select().from(processRecordEntries).where(eq(processRecordEntries.projectId, id))).toHaveLength(0);

    // What outlives the cascade (decision 192): the chain's hashes in order, that it held, and why it went; never changed.
    const [removal] = await ctx.db.select().from(processRecordRemovals).where(eq(processRecordRemovals.projectId, id));
    expect(removal).toMatchObject({ reason: 'client_account_deleted', chainHeld: true, entryHashes: hashes });
    expect(await refusal(ctx.db.update(processRecordRemovals).set({ chainHeld: false }).where(eq(processRecordRemovals.projectId, id)))).toMatch(/append-only/);
    expect(await refusal(ctx.db.delete(processRecordRemovals).where(eq(processRecordRemovals.projectId, id)))).toMatch(/append-only/);
    const status = await ctx.inject(null, { method: 'GET', url: `/api/process-records/${id}/status` });
    expect(status.statusCode).toBe(410);
    expect(status.json()).toMatchObject({ error: 'gone', message: "This project's process record was removed when its client deleted their account." });
    // A project that never was still answers 404.
    expect((await ctx.inject(null, { method: 'GET', url: '/api/process-records/00000000-0000-4000-8000-000000000000/status' })).statusCode).toBe(404);
  });
});
