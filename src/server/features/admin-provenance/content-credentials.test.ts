import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONTENT_CREDENTIALS_MESSAGES } from '../../../domain/content-credentials';
import { auditLog, portfolioItems } from '../../db/schema';
import { aiDeclaredImage, aiDeclaredPdf, cameraClaimImage, editorClaimPdf, noiseImage, notesPdf } from '../../../../test/support/c2pa';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { approveMaker, multipart, onboardedClient, pdfBuffer, projectPayload } from '../../../../test/support/project-fixtures';
import { readContentCredentials } from '../provenance/content-credentials';

let ctx: TestContext;
let admin: TestUser;

withTestContext(async (created) => {
  ctx = created;
  admin = await ctx.createAdmin();
}, {}, 60_000);

const upload = async (maker: TestUser, image: Buffer, title: string, type = 'image/jpeg') => {
  const body = multipart({ data: image, filename: type === 'image/png' ? 'work.png' : 'work.jpg', contentType: type }, { title, category: 'logo_design' });
  const response = await ctx.inject(maker, { method: 'POST', url: '/api/portfolio', payload: body.payload, headers: body.headers });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().item;
};
const studio = async (makerId: string) => (await ctx.inject(null, { method: 'GET', url: `/api/studio/${makerId}` })).json().portfolio as Array<{ id: string; title: string; contentCredentials?: unknown }>;
const reviewList = async () => (await ctx.inject(admin, { method: 'GET', url: '/api/admin/provenance' })).json().items as Array<Record<string, unknown> & { id: string }>;

describe('reading Content Credentials', () => {
  it('finds the AI declaration, the camera claim, and nothing in a plain file', async () => {
    const ai = await readContentCredentials(await aiDeclaredImage());
    expect(ai).toMatchObject({ generator: 'Imagine Studio', tool: 'Imagine Diffusion 4', aiDeclared: true, valid: true });
    expect(ai?.digitalSourceType).toBe('http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia');

    const camera = await readContentCredentials(await cameraClaimImage('png'));
    expect(camera).toMatchObject({ generator: 'Fieldmark Camera', tool: 'Fieldmark M2', signer: 'Test Camera Co', issuer: 'Humanmade Test CA', aiDeclared: false, valid: true });
    expect(camera?.actions).toEqual(['c2pa.created', 'c2pa.color_adjustments']);
    expect(Date.parse(camera?.signedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    expect(await readContentCredentials(await noiseImage())).toBeNull();
    expect(await readContentCredentials(Buffer.from('%PDF-1.4\n%%EOF\n'))).toBeNull();
  });

  it('reads a claim whose file was changed after signing as not valid', async () => {
    const signed = await cameraClaimImage();
    const changed = Buffer.from(signed);
    // One value of the quantization table (the DQT segment, FF DB): still a picture sharp decodes, whatever the
    // random pixels (a byte flipped in the compressed data could make it undecodable), but not the bytes signed.
    const table = changed.indexOf(Buffer.from([0xff, 0xdb]));
    expect(table).toBeGreaterThan(0);
    changed[table + 5] = changed[table + 5] === 1 ? 2 : 1;
    expect((await readContentCredentials(changed))?.valid).toBe(false);
  });

  it('reads a PDF: its manifest in an appended update, with the file written plainly or in object streams', async () => {
    expect(await readContentCredentials(await aiDeclaredPdf())).toMatchObject({ generator: 'Imagine Writer', tool: 'Imagine Text 3', aiDeclared: true, valid: true });
    const edited = await editorClaimPdf();
    expect(await readContentCredentials(edited)).toMatchObject({ generator: 'Pagecraft Desktop', tool: 'Pagecraft 12', aiDeclared: false, valid: true });
    expect((await readContentCredentials(await editorClaimPdf(await notesPdf('Packed', true))))?.valid).toBe(true);
    expect(await readContentCredentials(await notesPdf())).toBeNull();
    expect(await readContentCredentials(await notesPdf('Packed', true))).toBeNull();

    // The page's width (420 → 520 points), outside the manifest's stream: still a PDF, no longer the bytes signed.
    const changed = Buffer.from(edited);
    const box = changed.indexOf('/MediaBox [ 0 0 420');
    expect(box).toBeGreaterThan(0);
    changed[box + 15] = '5'.charCodeAt(0);
    expect(await readContentCredentials(changed)).toMatchObject({ generator: 'Pagecraft Desktop', valid: false });
  });
});

describe('AI-declared uploads', () => {
  it('holds an AI-declared portfolio image out of sight, lists it for review with the reason and the tool, and shows it once approved', async () => {
    const maker = await approveMaker(ctx, { name: 'Ines Imagine' });
    const held = await upload(maker, await aiDeclaredImage(), 'Dreamt harbour');
    expect(held.inReview).toBe(true);
    expect((await studio(maker.id)).map((item) => item.title)).not.toContain('Dreamt harbour');
    const card = (await ctx.inject(null, { method: 'GET', url: `/api/marketplace/creators?q=${encodeURIComponent('Ines Imagine')}` })).json().creators[0];
    expect(card.portfolio.map((item: { title: string }) => item.title)).not.toContain('Dreamt harbour');

    const entry = (await reviewList()).find((item) => item.id === held.id);
    expect(entry).toMatchObject({ reason: 'ai_declared', match: null, maker: { id: maker.id }, contentCredentials: { generator: 'Imagine Studio', tool: 'Imagine Diffusion 4', aiDeclared: true } });
    expect(CONTENT_CREDENTIALS_MESSAGES.aiDeclared).toBe("The file's Content Credentials declare generative AI");

    expect((await ctx.inject(admin, { method: 'POST', url: `/api/admin/provenance/${held.id}/approve` })).statusCode).toBe(200);
    expect((await studio(maker.id)).map((item) => item.title)).toContain('Dreamt harbour');
    const [audit] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'provenance.approve'), eq(auditLog.targetId, held.id)));
    expect(audit.metadata).toMatchObject({ reason: 'ai_declared' });
  });

  it('deletes an AI-declared image when the admin removes it, audited', async () => {
    const maker = await approveMaker(ctx);
    const held = await upload(maker, await aiDeclaredImage('png'), 'Generated', 'image/png');
    expect(held.inReview).toBe(true);
    expect((await ctx.inject(admin, { method: 'POST', url: `/api/admin/provenance/${held.id}/remove`, payload: { reason: 'Made with an image model' } })).statusCode).toBe(200);
    expect(await ctx.db.select().from(portfolioItems).where(eq(portfolioItems.id, held.id))).toHaveLength(0);
    const [audit] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'provenance.remove'), eq(auditLog.targetId, held.id)));
    expect(audit).toMatchObject({ reason: 'Made with an image model', metadata: { reason: 'ai_declared' } });
  });
});

describe('camera and editing claims', () => {
  it('stores a valid camera claim with the item and returns it on the studio; a plain file is unaffected', async () => {
    const maker = await approveMaker(ctx);
    const shot = await upload(maker, await cameraClaimImage(), 'Harbour at dawn');
    expect(shot.inReview).toBe(false);
    expect(shot.contentCredentials).toMatchObject({ generator: 'Fieldmark Camera', tool: 'Fieldmark M2', signer: 'Test Camera Co', valid: true, aiDeclared: false });
    const plain = await upload(maker, await noiseImage(), 'Sketch');
    expect(plain).toMatchObject({ inReview: false, contentCredentials: null });

    const items = await studio(maker.id);
    expect(items.find((item) => item.id === shot.id)?.contentCredentials).toMatchObject({ generator: 'Fieldmark Camera', actions: ['c2pa.created', 'c2pa.color_adjustments'] });
    expect(items.find((item) => item.id === plain.id)?.contentCredentials).toBeNull();
    expect((await reviewList()).map((item) => item.id)).not.toContain(shot.id);
    // The stored image is re-encoded: what is served carries no manifest, so the summary is the record.
    const [row] = await ctx.db.select().from(portfolioItems).where(eq(portfolioItems.id, shot.id));
    expect(row.reviewReason).toBeNull();
  });

  it('treats a changed file with a broken claim as a file without one', async () => {
    const maker = await approveMaker(ctx);
    const signed = await cameraClaimImage();
    const changed = Buffer.from(signed);
    // One value of the quantization table (the DQT segment, FF DB): still a picture sharp decodes, whatever the
    // random pixels (a byte flipped in the compressed data could make it undecodable), but not the bytes signed.
    const table = changed.indexOf(Buffer.from([0xff, 0xdb]));
    expect(table).toBeGreaterThan(0);
    changed[table + 5] = changed[table + 5] === 1 ? 2 : 1;
    expect(await upload(maker, changed, 'Changed')).toMatchObject({ inReview: false, contentCredentials: null });
  });
});

describe('process docs and deliverables', () => {
  it("keeps each file's credentials on its process record entry, and a PDF or plain file has none", async () => {
    const [client, maker] = [await onboardedClient(ctx), await approveMaker(ctx)];
    const created = await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId: maker.id }) });
    const id = created.json().id as string;
    expect((await ctx.inject(maker, { method: 'POST', url: `/api/projects/${id}/accept` })).statusCode).toBe(200);
    const send = async (kind: 'process-docs' | 'deliverable', data: Buffer, filename: string, contentType: string) => {
      const body = multipart({ data, filename, contentType });
      const response = await ctx.inject(maker, { method: 'POST', url: `/api/projects/${id}/${kind}`, payload: body.payload, headers: body.headers });
      expect(response.statusCode, response.body).toBeLessThan(300);
    };
    await send('process-docs', await cameraClaimImage(), 'shot.jpg', 'image/jpeg');
    await send('process-docs', await noiseImage('png'), 'sketch.png', 'image/png');
    await send('deliverable', pdfBuffer(), 'final.pdf', 'application/pdf');

    const entries = (await ctx.inject(client, { method: 'GET', url: `/api/process-records/${id}` })).json().entries as Array<{ kind: string; contentCredentials: unknown }>;
    expect(entries.map((entry) => entry.kind)).toEqual(['process_doc', 'process_doc', 'deliverable']);
    expect(entries[0].contentCredentials).toMatchObject({ generator: 'Fieldmark Camera', tool: 'Fieldmark M2', valid: true });
    expect(entries[1].contentCredentials).toBeNull();
    expect(entries[2].contentCredentials).toBeNull();
    // The credentials sit outside the chain's hashes: the record still verifies.
    expect((await ctx.inject(client, { method: 'GET', url: `/api/process-records/${id}/verification` })).json().verified).toBe(true);
  });

  it("reads a PDF deliverable's credentials: an editing claim is kept on its entry, an AI declaration waits for review", async () => {
    const [client, maker] = [await onboardedClient(ctx), await approveMaker(ctx, { name: 'Penn Pages' })];
    const deliver = async (data: Buffer) => {
      const id = (await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId: maker.id }) })).json().id as string;
      expect((await ctx.inject(maker, { method: 'POST', url: `/api/projects/${id}/accept` })).statusCode).toBe(200);
      const body = multipart({ data, filename: 'final.pdf', contentType: 'application/pdf' });
      const response = await ctx.inject(maker, { method: 'POST', url: `/api/projects/${id}/deliverable`, payload: body.payload, headers: body.headers });
      expect(response.statusCode, response.body).toBeLessThan(300);
      const entries = (await ctx.inject(client, { method: 'GET', url: `/api/process-records/${id}` })).json().entries as Array<{ id: string; kind: string; contentCredentials: unknown }>;
      return { id, entry: entries.find((item) => item.kind === 'deliverable')! };
    };
    const edited = await deliver(await editorClaimPdf());
    expect(edited.entry.contentCredentials).toMatchObject({ generator: 'Pagecraft Desktop', tool: 'Pagecraft 12', aiDeclared: false, valid: true });
    const generated = await deliver(await aiDeclaredPdf());
    expect(generated.entry.contentCredentials).toMatchObject({ aiDeclared: true, tool: 'Imagine Text 3' });

    const listed = (await ctx.inject(admin, { method: 'GET', url: '/api/admin/provenance/project-files' })).json().items as Array<{ projectId: string; kind: string }>;
    expect(listed.filter((item) => item.projectId === generated.id)).toEqual([expect.objectContaining({ kind: 'deliverable', contentCredentials: expect.objectContaining({ aiDeclared: true }) })]);
    expect(listed.some((item) => item.projectId === edited.id)).toBe(false);
  });

  it('lists an AI-declared process doc for Provenance review with its reason, for admins only, until one clears it (audited)', async () => {
    const [client, maker] = [await onboardedClient(ctx), await approveMaker(ctx, { name: 'Pia Process' })];
    const created = await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId: maker.id }) });
    const id = created.json().id as string;
    expect((await ctx.inject(maker, { method: 'POST', url: `/api/projects/${id}/accept` })).statusCode).toBe(200);
    const body = multipart({ data: await aiDeclaredImage(), filename: 'render.jpg', contentType: 'image/jpeg' });
    expect((await ctx.inject(maker, { method: 'POST', url: `/api/projects/${id}/process-docs`, payload: body.payload, headers: body.headers })).statusCode).toBeLessThan(300);

    const list = async (user: TestUser | null) => ctx.inject(user, { method: 'GET', url: '/api/admin/provenance/project-files' });
    expect((await list(null)).statusCode).toBe(401);
    expect((await list(maker)).statusCode).toBe(403);
    expect((await list(client)).statusCode).toBe(403);
    const entry = ((await list(admin)).json().items as Array<{ projectId: string; entryId: string }>).find((item) => item.projectId === id);
    expect(entry).toMatchObject({ kind: 'process_doc', uploader: { id: maker.id, name: 'Pia Process' }, contentCredentials: { aiDeclared: true, tool: 'Imagine Diffusion 4' } });

    const clear = (user: TestUser | null) => ctx.inject(user, { method: 'POST', url: `/api/admin/provenance/project-files/${entry!.entryId}/clear` });
    expect((await clear(maker)).statusCode).toBe(403);
    expect((await clear(admin)).statusCode).toBe(200);
    expect((await clear(admin)).statusCode).toBe(409);
    expect(((await list(admin)).json().items as Array<{ entryId: string }>).map((item) => item.entryId)).not.toContain(entry!.entryId);
    expect(await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'provenance.clear_project_file'), eq(auditLog.targetId, entry!.entryId)))).toHaveLength(1);
    expect((await ctx.inject(admin, { method: 'POST', url: '/api/admin/provenance/project-files/00000000-0000-4000-8000-000000000000/clear' })).statusCode).toBe(404);
  });
});
