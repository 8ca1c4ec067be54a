import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONTENT_CREDENTIALS_MESSAGES } from '../../../domain/content-credentials';
import { auditLog, notifications, portfolioItems } from '../../db/schema';
import {
  aiDeclaredImage,
  aiDeclaredPdf,
  aiToolActionImage,
  algorithmicImage,
  cameraClaimImage,
  selfSignedCameraImage,
  editorClaimPdf,
  generativeFillImage,
  iptcMetadataAiImage,
  datedCameraImage,
  noiseImage,
  notesPdf,
  signWithManifest,
  type DatedAction,
} from '../../../../test/support/c2pa';
import { expectAccess, type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { acceptedOfferProject, approveMaker, multipart, onboardedClient, pdfBuffer, projectPayload, uploadProjectFile } from '../../../../test/support/project-fixtures';
import type { ProjectView } from '../../../domain/project-schemas';
import { isGenerativeAiTool, readContentCredentials } from '../provenance/content-credentials';

let ctx: TestContext;
let admin: TestUser;

withTestContext(async (created) => {
  ctx = created;
  admin = await ctx.createAdmin();
}, {}, 60_000);

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/gif': 'gif' };
const upload = async (maker: TestUser, image: Buffer, title: string, type = 'image/jpeg') => {
  const body = multipart({ data: image, filename: `work.${EXTENSIONS[type]}`, contentType: type }, { title, category: 'logo_design' });
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

  it("keeps the date a claim's actions state, unchecked, beside (not instead of) a checked time-stamp", async () => {
    // No time-stamp: the file's own word is all there is, the latest of its actions' dates.
    const dated = await readContentCredentials(await datedCameraImage({ created: '2026-03-10T09:00:00Z', edited: '2026-03-12T16:45:00+00:00' }));
    expect(dated).toMatchObject({ generator: 'Fieldmark Camera', valid: true, signedAt: null, statedAt: '2026-03-12T16:45:00.000Z' });
    // A time-stamped claim whose actions state no date; and one with neither.
    const stamped = await readContentCredentials(await cameraClaimImage());
    expect(stamped).toMatchObject({ valid: true, statedAt: null });
    expect(stamped?.signedAt).not.toBeNull();
    const undated = await readContentCredentials(
      await signWithManifest(await noiseImage(), 'Fieldmark Camera', [{ action: 'c2pa.created', softwareAgent: { name: 'Fieldmark M2' } }] as DatedAction[], [], { timestamp: false }),
    );
    expect(undated).toMatchObject({ valid: true, signedAt: null, statedAt: null });
  });

  it('reads a claim signed with a self-made certificate as not valid, whatever camera it names', async () => {
    const forged = await readContentCredentials(await selfSignedCameraImage());
    expect(forged).toMatchObject({ generator: 'Canon EOS R5', aiDeclared: false, valid: false });
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

describe('reading WebP and GIF', () => {
  const IPTC = 'http://cv.iptc.org/newscodes/digitalsourcetype/';

  it("reads a WebP's manifest from its RIFF 'C2PA' chunk: an AI declaration, a camera claim, nothing in a plain file", async () => {
    const ai = await aiDeclaredImage('webp');
    // Where the standard puts it: a top-level 'C2PA' chunk after the image's, with the RIFF size restated.
    expect(ai.subarray(8, 12).toString('latin1')).toBe('WEBP');
    expect(ai.readUInt32LE(4)).toBe(ai.length - 8);
    expect(ai.indexOf('C2PA', 12, 'latin1')).toBeGreaterThan(ai.indexOf('VP8', 12, 'latin1'));
    expect(await readContentCredentials(ai)).toMatchObject({ generator: 'Imagine Studio', tool: 'Imagine Diffusion 4', digitalSourceType: `${IPTC}trainedAlgorithmicMedia`, aiDeclared: true, valid: true });
    expect(await readContentCredentials(await cameraClaimImage('webp'))).toMatchObject({ generator: 'Fieldmark Camera', tool: 'Fieldmark M2', aiDeclared: false, valid: true });
    expect(await readContentCredentials(await noiseImage('webp'))).toBeNull();
  });

  /** Where a GIF's first image descriptor (0x2C) starts, found by walking its blocks (the byte can occur in data). */
  const firstGifImage = (gif: Buffer): number => {
    const packed = gif[10];
    let at = 13 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
    while (at < gif.length && gif[at] === 0x21) {
      at += 2;
      while (gif[at] !== 0) at += gif[at] + 1;
      at += 1;
    }
    expect(gif[at], 'an image descriptor after the extensions').toBe(0x2c);
    return at;
  };

  it("reads a GIF's manifest from its 'C2PA_GIF' application extension before the first image", async () => {
    const ai = await aiDeclaredImage('gif');
    const block = ai.indexOf('C2PA_GIF', 0, 'latin1');
    expect(ai.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect([...ai.subarray(block - 3, block)]).toEqual([0x21, 0xff, 0x0b]);
    expect([...ai.subarray(block + 8, block + 11)]).toEqual([0x01, 0x00, 0x00]);
    expect(block).toBeLessThan(firstGifImage(ai));
    expect(await readContentCredentials(ai)).toMatchObject({ generator: 'Imagine Studio', tool: 'Imagine Diffusion 4', aiDeclared: true, valid: true });
    expect(await readContentCredentials(await cameraClaimImage('gif'))).toMatchObject({ generator: 'Fieldmark Camera', aiDeclared: false, valid: true });
    expect(await readContentCredentials(await noiseImage('gif'))).toBeNull();
  });

  it('reads a WebP or GIF changed outside its manifest as not valid, and still reads its declaration', async () => {
    for (const format of ['webp', 'gif'] as const) {
      const changed = Buffer.from(await aiDeclaredImage(format));
      // The last byte of the image data: before GIF's trailer, or the byte before WebP's 'C2PA' chunk.
      const at = format === 'gif' ? changed.length - 3 : changed.indexOf('C2PA', 12, 'latin1') - 2;
      changed[at] ^= 0x01;
      expect(await readContentCredentials(changed), format).toMatchObject({ aiDeclared: true, valid: false });
    }
  });
});

describe('what declares generative AI', () => {
  const IPTC = 'http://cv.iptc.org/newscodes/digitalsourcetype/';

  it('every IPTC AI source type on an action: trained, composite with trained (generative fill), algorithmic', async () => {
    expect(await readContentCredentials(await aiDeclaredImage('png'))).toMatchObject({ aiDeclared: true, digitalSourceType: `${IPTC}trainedAlgorithmicMedia` });
    expect(await readContentCredentials(await generativeFillImage())).toMatchObject({
      generator: 'Darkroom Pro',
      aiDeclared: true,
      valid: true,
      digitalSourceType: `${IPTC}compositeWithTrainedAlgorithmicMedia`,
    });
    expect(await readContentCredentials(await algorithmicImage('webp'))).toMatchObject({ aiDeclared: true, valid: true, digitalSourceType: `${IPTC}algorithmicMedia` });
    // A capture is not: the camera claim names digitalCapture.
    expect(await readContentCredentials(await cameraClaimImage('png'))).toMatchObject({ aiDeclared: false, digitalSourceType: `${IPTC}digitalCapture` });
  });

  it("the IPTC metadata's digital source type, when no action states one", async () => {
    expect(await readContentCredentials(await iptcMetadataAiImage())).toMatchObject({ generator: 'Export Studio', digitalSourceType: null, aiDeclared: true, valid: true });
  });

  it('an action that makes or changes the content, done by a generative AI tool on the list, with no source type stated', async () => {
    expect(await readContentCredentials(await aiToolActionImage('Midjourney v6'))).toMatchObject({ tool: 'Midjourney v6', digitalSourceType: null, aiDeclared: true, valid: true });
    expect(await readContentCredentials(await aiToolActionImage('DALL·E 3', 'c2pa.edited', 'webp'))).toMatchObject({ tool: 'DALL·E 3', aiDeclared: true, valid: true });
    expect(await readContentCredentials(await aiToolActionImage('Adobe Firefly', 'c2pa.placed', 'gif'))).toMatchObject({ tool: 'Adobe Firefly', aiDeclared: true });
    // A generative tool that only published the file says nothing about how it was made; nor does a name that merely
    // begins like one on the list.
    expect(await readContentCredentials(await aiToolActionImage('Midjourney v6', 'c2pa.published'))).toMatchObject({ aiDeclared: false, valid: true });
    expect(await readContentCredentials(await aiToolActionImage('Fluxion Paint'))).toMatchObject({ tool: 'Fluxion Paint', aiDeclared: false, valid: true });
  });

  it('matches tool names as whole words, case and punctuation aside', () => {
    for (const name of ['DALL-E', 'dall·e 3', 'Stable Diffusion XL 1.0', 'gpt-image-1', 'Leonardo.Ai Phoenix', 'FLUX.1 [pro]', 'Google Imagen 3']) expect(isGenerativeAiTool(name), name).toBe(true);
    for (const name of ['Darkroom Pro', 'Fluxion Paint', 'Sorano Camera', 'Imagenius', 'Adobe Photoshop']) expect(isGenerativeAiTool(name), name).toBe(false);
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

  it('holds an AI-declared WebP or GIF exactly as it holds a PNG', async () => {
    const maker = await approveMaker(ctx, { name: 'Wren Webp' });
    const held = {
      png: await upload(maker, await aiDeclaredImage('png'), 'Generated png', 'image/png'),
      webp: await upload(maker, await aiDeclaredImage('webp'), 'Generated webp', 'image/webp'),
      gif: await upload(maker, await aiDeclaredImage('gif'), 'Generated gif', 'image/gif'),
    };
    const titles = (await studio(maker.id)).map((item) => item.title);
    const listed = await reviewList();
    const reviewOf = (id: string) => {
      const entry = listed.find((item) => item.id === id);
      if (!entry) throw new Error(`${id} is not listed for review`);
      // Everything but what names this upload: its id, title, stored image, time, and its claim's time-stamp.
      const { id: _id, title: _title, imageUrl: _image, createdAt: _created, contentCredentials, ...rest } = entry;
      const { signedAt: _signedAt, ...credentials } = contentCredentials as Record<string, unknown>;
      return { ...rest, contentCredentials: credentials };
    };
    for (const format of ['webp', 'gif'] as const) {
      expect(held[format].inReview, format).toBe(true);
      expect(titles).not.toContain(`Generated ${format}`);
      expect(reviewOf(held[format].id)).toEqual(reviewOf(held.png.id));
    }
    expect(reviewOf(held.webp.id)).toMatchObject({ reason: 'ai_declared', match: null, maker: { id: maker.id }, contentCredentials: { generator: 'Imagine Studio', tool: 'Imagine Diffusion 4', aiDeclared: true, valid: true } });
  });

  it('holds an upload whose claim names a generative AI tool on an action, and one whose IPTC metadata declares AI', async () => {
    const maker = await approveMaker(ctx);
    const byTool = await upload(maker, await aiToolActionImage('Midjourney v6', 'c2pa.created', 'webp'), 'Tool-made', 'image/webp');
    const byMetadata = await upload(maker, await iptcMetadataAiImage(), 'Metadata-declared', 'image/png');
    const composite = await upload(maker, await generativeFillImage('jpeg'), 'Filled', 'image/jpeg');
    for (const item of [byTool, byMetadata, composite]) expect(item.inReview, item.title).toBe(true);
    const listed = await reviewList();
    expect(listed.find((item) => item.id === byTool.id)).toMatchObject({ reason: 'ai_declared', contentCredentials: { tool: 'Midjourney v6', aiDeclared: true } });
    expect(listed.find((item) => item.id === byMetadata.id)).toMatchObject({ reason: 'ai_declared', contentCredentials: { generator: 'Export Studio', aiDeclared: true } });
  });

  it('deletes an AI-declared image when the admin removes it, audited', async () => {
    const maker = await approveMaker(ctx);
    const held = await upload(maker, await aiDeclaredImage('png'), 'Generated', 'image/png');
    expect(held.inReview).toBe(true);
    expect((await ctx.inject(admin, { method: 'POST', url: `/api/admin/provenance/${held.id}/remove`, payload: { reason: 'Made with an image model' } })).statusCode).toBe(200);
    expect(await ctx.db.select().from(portfolioItems).where(eq(portfolioItems.id, held.id))).toHaveLength(0);
    const [audit] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'provenance.remove'), eq(auditLog.targetId, held.id)));
    expect(audit).toMatchObject({ reason: 'Made with an image model', metadata: { reason: 'ai_declared' } });
    expect(await ctx.db.select({ title: notifications.title, body: notifications.body }).from(notifications).where(eq(notifications.userId, maker.id))).toContainEqual({
      title: '“Generated” was removed from your portfolio',
      body: "Its Content Credentials declare generative AI, so Humanmade's provenance review removed it. If it is your own work, write to us from the contact page.",
    });
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

  it('keeps a valid camera claim on a WebP or GIF and shows the item', async () => {
    const maker = await approveMaker(ctx);
    for (const [format, type] of [['webp', 'image/webp'], ['gif', 'image/gif']] as const) {
      const shot = await upload(maker, await cameraClaimImage(format), `Harbour ${format}`, type);
      expect(shot, format).toMatchObject({ inReview: false, contentCredentials: { generator: 'Fieldmark Camera', tool: 'Fieldmark M2', valid: true, aiDeclared: false } });
      expect((await studio(maker.id)).find((item) => item.id === shot.id)?.contentCredentials).toMatchObject({ generator: 'Fieldmark Camera' });
    }
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

  it("shows each file's credentials and hold on the project itself, to its client, its creator and admins only", async () => {
    const [client, maker, stranger] = [await onboardedClient(ctx), await approveMaker(ctx, { name: 'Cato Card' }), await onboardedClient(ctx, 'Elsewhere Ltd')];
    const { id } = await acceptedOfferProject(ctx, client, maker, { milestones: [{ title: 'Sketches', amountCents: 40000 }, { title: 'Final art', amountCents: 60000 }] });
    const send = (kind: 'process-docs' | 'deliverable', data: Buffer, filename: string, contentType: string) => uploadProjectFile(ctx, maker, id, kind, { data, filename, contentType });
    await send('process-docs', await datedCameraImage({ created: '2026-03-12T09:00:00Z', edited: '2026-03-12T10:30:00Z' }), 'shot.jpg', 'image/jpeg');
    await send('process-docs', await aiDeclaredImage(), 'render.jpg', 'image/jpeg');
    await send('process-docs', await noiseImage('png'), 'sketch.png', 'image/png');
    await send('deliverable', await aiDeclaredImage('png'), 'sketches.png', 'image/png');

    const view = async (user: TestUser) => (await ctx.inject(user, { method: 'GET', url: `/api/projects/${id}` })).json() as ProjectView;
    for (const user of [client, maker, admin]) {
      const project = await view(user);
      const [camera, generated, plain] = project.processDocs.map((doc) => doc.provenance);
      expect(camera, user.role).toEqual({
        contentCredentials: expect.objectContaining({ generator: 'Fieldmark Camera', valid: true, aiDeclared: false, signedAt: null, statedAt: '2026-03-12T10:30:00.000Z' }),
        heldForReview: false,
      });
      expect(generated, user.role).toEqual({ contentCredentials: expect.objectContaining({ aiDeclared: true, tool: 'Imagine Diffusion 4' }), heldForReview: true });
      expect(plain, user.role).toEqual({ contentCredentials: null, heldForReview: false });
      // The submitted milestone's delivery is the project's deliverable too: the same file, said the same way in both places.
      expect(project.deliverableProvenance, user.role).toEqual({ contentCredentials: expect.objectContaining({ aiDeclared: true }), heldForReview: true });
      expect(project.milestones.map((milestone) => milestone.deliverableProvenance), user.role).toEqual([project.deliverableProvenance, null]);
    }
    // The list of the client's projects says the same.
    const listed = ((await ctx.inject(client, { method: 'GET', url: '/api/projects' })).json().projects as ProjectView[]).find((project) => project.id === id);
    expect(listed?.processDocs.map((doc) => doc.provenance?.heldForReview)).toEqual([false, true, false]);
    // Nobody else sees the project, its files or what they say.
    await expectAccess(ctx, { method: 'GET', url: `/api/projects/${id}` }, [
      ['anonymous', null, 401],
      ['another client', stranger, 404],
    ]);

    // Once an admin clears them, the files are held no longer; their credentials still show.
    const held = ((await ctx.inject(admin, { method: 'GET', url: '/api/admin/provenance/project-files' })).json().items as Array<{ projectId: string; entryId: string }>).filter((item) => item.projectId === id);
    expect(held).toHaveLength(2);
    for (const item of held) expect((await ctx.inject(admin, { method: 'POST', url: `/api/admin/provenance/project-files/${item.entryId}/clear` })).statusCode).toBe(200);
    const cleared = await view(client);
    expect(cleared.processDocs[1].provenance).toEqual({ contentCredentials: expect.objectContaining({ aiDeclared: true }), heldForReview: false });
    expect(cleared.deliverableProvenance?.heldForReview).toBe(false);
  });

  it('lists an AI-declared WebP or GIF process doc, and a GIF deliverable, for Provenance review as it does a JPEG', async () => {
    const [client, maker] = [await onboardedClient(ctx), await approveMaker(ctx)];
    const id = (await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId: maker.id }) })).json().id as string;
    expect((await ctx.inject(maker, { method: 'POST', url: `/api/projects/${id}/accept` })).statusCode).toBe(200);
    const send = async (kind: 'process-docs' | 'deliverable', data: Buffer, filename: string, contentType: string) => {
      const body = multipart({ data, filename, contentType });
      const response = await ctx.inject(maker, { method: 'POST', url: `/api/projects/${id}/${kind}`, payload: body.payload, headers: body.headers });
      expect(response.statusCode, response.body).toBeLessThan(300);
    };
    await send('process-docs', await aiDeclaredImage('webp'), 'render.webp', 'image/webp');
    await send('process-docs', await aiDeclaredImage('gif'), 'render.gif', 'image/gif');
    await send('deliverable', await aiToolActionImage('Stable Diffusion XL', 'c2pa.created', 'gif'), 'final.gif', 'image/gif');
    const listed = ((await ctx.inject(admin, { method: 'GET', url: '/api/admin/provenance/project-files' })).json().items as Array<{ projectId: string; kind: string; contentCredentials: unknown }>).filter(
      (item) => item.projectId === id,
    );
    expect(listed.map((item) => item.kind).sort()).toEqual(['deliverable', 'process_doc', 'process_doc']);
    for (const item of listed) expect(item.contentCredentials).toMatchObject({ aiDeclared: true });
    expect(listed.find((item) => item.kind === 'deliverable')?.contentCredentials).toMatchObject({ tool: 'Stable Diffusion XL' });
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
