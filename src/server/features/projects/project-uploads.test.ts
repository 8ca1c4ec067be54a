import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { processDocs, projects } from '../../db/schema';
import { parseFileUrl } from '../../storage/storage';
import { expectAccess, type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { approveMaker, emailsTo, multipart, onboardedClient, pdfBuffer, pngBuffer, projectPayload } from '../../../../test/support/project-fixtures';

let ctx: TestContext;
let client: TestUser;
let otherClient: TestUser;
let maker: TestUser;
let otherMaker: TestUser;

withTestContext(async (created) => {
  ctx = created;
  [client, otherClient] = [await onboardedClient(ctx), await onboardedClient(ctx)];
  [maker, otherMaker] = [await approveMaker(ctx, { name: 'Mara Maker' }), await approveMaker(ctx)];
});

const activeProject = async () => {
  const created = await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId: maker.id }) });
  const id = created.json().id as string;
  expect((await ctx.inject(maker, { method: 'POST', url: `/api/projects/${id}/accept` })).statusCode).toBe(200);
  return id;
};

const upload = async (user: TestUser | null, id: string, kind: 'process-docs' | 'deliverable', file: Parameters<typeof multipart>[0], fields = {}) => {
  const body = multipart(file, fields);
  return ctx.inject(user, { method: 'POST', url: `/api/projects/${id}/${kind}`, payload: body.payload, headers: body.headers });
};

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** Every file under `dir`, recursively (none when it does not exist). */
const filesUnder = (dir: string): string[] =>
  existsSync(dir) ? readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => statSync(path.join(dir, name)).isFile()) : [];
const png = async () => ({ data: await pngBuffer(), filename: 'sketch.png', contentType: 'image/png' });
const fileExists = async (url: string) => {
  const parsed = parseFileUrl(url);
  if (!parsed) return false;
  const opened = await ctx.app.storage.open(parsed.bucket, parsed.key);
  opened?.body.destroy();
  return opened !== null;
};

describe('process docs', () => {
  it('stores a screenshot under the creator and project, with its description, while active', async () => {
    const id = await activeProject();
    const response = await upload(maker, id, 'process-docs', await png(), { description: 'First sketches' });
    expect(response.statusCode, response.body).toBe(201);
    const [doc] = response.json().processDocs;
    expect(doc.description).toBe('First sketches');
    expect(doc.fileUrl).toMatch(new RegExp(`^/files/process-docs/${maker.id}/${id}/process/${doc.id}\\.png`));
    expect(await fileExists(doc.fileUrl)).toBe(true);
  });

  it('downloads only for the client, the creator and admins', async () => {
    const id = await activeProject();
    const doc = (await upload(maker, id, 'process-docs', await png())).json().processDocs[0];
    const admin = await ctx.createAdmin();
    await expectAccess(ctx, { method: 'GET', url: doc.fileUrl }, [
      ['anonymous', null, 404],
      ['other client', otherClient, 404],
      ['other maker', otherMaker, 404],
      ['client', client, 200],
      ['creator', maker, 200],
      ['admin', admin, 200],
    ]);
  });

  it('refuses uploads to a project that is not active, by someone else, or of the wrong type', async () => {
    const draft = (await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId: maker.id }) })).json().id;
    expect((await upload(maker, draft, 'process-docs', await png())).statusCode).toBe(409);
    const id = await activeProject();
    expect((await upload(otherMaker, id, 'process-docs', await png())).statusCode).toBe(404);
    expect((await upload(client, id, 'process-docs', await png())).statusCode).toBe(403);
    const svg = await upload(maker, id, 'process-docs', { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), filename: 'x.png', contentType: 'image/png' });
    expect(svg.statusCode).toBe(400);
    expect(svg.json().message).toMatch(/Unsupported file type/);
    const missing = await upload(maker, id, 'process-docs', null, { description: 'no file' });
    expect(missing.statusCode).toBe(400);
    expect(await ctx.db.select().from(processDocs).where(eq(processDocs.projectId, id))).toHaveLength(0);
  });

  it('refuses a screenshot over 10 MB with the spec message', async () => {
    const id = await activeProject();
    const big = { data: Buffer.concat([await pngBuffer(), Buffer.alloc(10 * 1024 * 1024 + 10)]), filename: 'big.png', contentType: 'image/png' };
    const response = await upload(maker, id, 'process-docs', big);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('File size must be less than 10MB');
  });
});

describe('deliverables', () => {
  it('moves the project to in_review with the file link, and emails the client', async () => {
    const id = await activeProject();
    const response = await upload(maker, id, 'deliverable', await png());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().status).toBe('in_review');
    const url = response.json().deliverableUrl as string;
    expect(url).toMatch(new RegExp(`^/files/deliverables/${maker.id}/${id}/deliverable/${UUID}\\.png`));
    expect(await fileExists(url)).toBe(true);
    expect((await emailsTo(ctx, client.email)).some((e) => e.type === 'project-deliverable-submitted')).toBe(true);
    await expectAccess(ctx, { method: 'GET', url }, [
      ['other client', otherClient, 404],
      ['client', client, 200],
      ['creator', maker, 200],
    ]);
  });

  it('accepts a PDF', async () => {
    const id = await activeProject();
    const response = await upload(maker, id, 'deliverable', { data: pdfBuffer(), filename: 'brand-book.pdf', contentType: 'application/pdf' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().deliverableUrl).toMatch(new RegExp(`/deliverable/${UUID}\\.pdf\\?v=`));
  });

  it('requires a file, and refuses a second submission', async () => {
    const id = await activeProject();
    expect((await upload(maker, id, 'deliverable', null)).statusCode).toBe(400);
    expect((await ctx.db.select().from(projects).where(eq(projects.id, id)))[0].status).toBe('active');
    expect((await upload(maker, id, 'deliverable', await png())).statusCode).toBe(200);
    const second = await upload(maker, id, 'deliverable', { data: await pngBuffer('#000000'), filename: 'v2.png', contentType: 'image/png' });
    expect(second.statusCode).toBe(409);
  });

  it('submitted twice at once: one transition, and the committed file survives', async () => {
    const id = await activeProject();
    const [a, b] = await Promise.all([upload(maker, id, 'deliverable', await png()), upload(maker, id, 'deliverable', await png())]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [row] = await ctx.db.select().from(projects).where(eq(projects.id, id));
    expect(row.status).toBe('in_review');
    expect(await fileExists(row.deliverableUrl!)).toBe(true);
  });

  it('removes the stored file when the transition fails after storing it', async () => {
    const id = await activeProject();
    const spy = vi.spyOn(ctx.app.mailer, 'enqueue').mockRejectedValueOnce(new Error('outbox unavailable'));
    const response = await upload(maker, id, 'deliverable', await png());
    spy.mockRestore();
    expect(response.statusCode).toBe(500);
    const [row] = await ctx.db.select().from(projects).where(eq(projects.id, id));
    expect(row).toMatchObject({ status: 'active', deliverableUrl: null });
    // Neither the file nor its thumbnail (nor a temporary file) is left in the project's folder.
    expect(filesUnder(path.join(ctx.config.DATA_DIR, 'uploads', 'deliverables', maker.id, id))).toEqual([]);
  });
});

describe('a resubmission after a revision request', () => {
  const jpeg = async (color: string) => ({ data: await sharp({ create: { width: 24, height: 24, channels: 3, background: color } }).jpeg().toBuffer(), filename: 'final.jpg', contentType: 'image/jpeg' });
  const sha256Of = (body: Buffer) => createHash('sha256').update(body).digest('hex');

  it('keeps both deliverables at their own URLs, and the record verifies every entry', async () => {
    const id = await activeProject();
    const first = await upload(maker, id, 'deliverable', await jpeg('#aa3311'));
    expect(first.statusCode, first.body).toBe(200);
    const revised = await ctx.inject(client, { method: 'POST', url: `/api/projects/${id}/revision`, payload: { note: 'Warmer, please.' } });
    expect(revised.statusCode, revised.body).toBe(200);
    const second = await upload(maker, id, 'deliverable', await jpeg('#1133aa'));
    expect(second.statusCode, second.body).toBe(200);

    const [firstUrl, secondUrl] = [first.json().deliverableUrl as string, second.json().deliverableUrl as string];
    expect(secondUrl.split('?')[0]).not.toBe(firstUrl.split('?')[0]);
    const entries = (await ctx.inject(client, { method: 'GET', url: `/api/process-records/${id}` })).json().entries as Array<{ fileUrl: string; fileSha256: string }>;
    expect(entries.map((entry) => entry.fileUrl)).toEqual([firstUrl, secondUrl]);
    for (const entry of entries) {
      const served = await ctx.inject(client, { method: 'GET', url: entry.fileUrl });
      expect(served.statusCode).toBe(200);
      expect(sha256Of(served.rawPayload)).toBe(entry.fileSha256);
    }
    expect(entries[0].fileSha256).not.toBe(entries[1].fileSha256);

    const checked = (await ctx.inject(client, { method: 'GET', url: `/api/process-records/${id}/verification` })).json();
    expect(checked.entries.map((entry: { status: string }) => entry.status)).toEqual(['ok', 'ok']);
    expect(checked.verified).toBe(true);
  });
});
