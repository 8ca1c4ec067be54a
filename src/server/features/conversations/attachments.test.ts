import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { messageAttachments } from '../../db/schema';
import { expectAccess, type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { approveMaker, multipart, pdfBuffer, pngBuffer, projectPayload, putInReview } from '../../../../test/support/project-fixtures';
import { SCRIPT_PAYLOAD } from '../../../../test/security/hostile-files';
import { createConversationCast, openConversation } from '../../../../test/support/conversation-fixtures';

let ctx: TestContext;
let client: TestUser;
let maker: TestUser;
let stranger: TestUser;
let otherMaker: TestUser;
let admin: TestUser;
let conversationId: string;

withTestContext(async (created) => {
  ctx = created;
  ({ client, stranger, maker } = await createConversationCast(ctx));
  otherMaker = await approveMaker(ctx);
  admin = await ctx.createAdmin();
  conversationId = await openConversation(ctx, client, maker.id);
});

const attach = (user: TestUser | null, file: { data: Buffer; filename: string; contentType: string }, fields: Record<string, string> = {}, id = conversationId) => {
  const body = multipart(file, { clientMessageId: randomUUID(), ...fields });
  return ctx.inject(user, { method: 'POST', url: `/api/conversations/${id}/attachments`, ...body });
};

describe('attachments', () => {
  it('sends an image with text; it is re-encoded without metadata and served only to those who may read the thread', async () => {
    const withExif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#a5472a' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
      .toBuffer();
    const response = await attach(client, { data: withExif, filename: '..\\..\\sketch<1>.jpg', contentType: 'image/jpeg' }, { body: 'The sketch' });
    expect(response.statusCode, response.body).toBe(201);
    const { message } = response.json();
    expect(message.body).toBe('The sketch');
    expect(message.attachments).toHaveLength(1);
    const [file] = message.attachments;
    expect(file).toMatchObject({ mime: 'image/jpeg', isImage: true, name: 'sketch1.jpg' });

    await expectAccess(ctx, { method: 'GET', url: file.url }, [
      ['anonymous', null, 401],
      ['another client', stranger, 404],
      ['another creator', otherMaker, 404],
      ['admin (nothing flagged)', admin, 404],
      ['client', client, 200],
      ['creator', maker, 200],
    ]);
    const served = await ctx.inject(maker, { method: 'GET', url: file.url });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.rawPayload.includes(Buffer.from('secret-gps-owner'))).toBe(false);

    // The storage key cannot be fetched through the public file route by anyone, admins included.
    const [row] = await ctx.db.select().from(messageAttachments).where(eq(messageAttachments.id, file.id));
    for (const user of [null, client, admin]) {
      expect((await ctx.inject(user, { method: 'GET', url: `/files/message-attachments/${row.storageKey}` })).statusCode).toBe(404);
    }
  });

  it('serves a PDF only as a download, and to an admin once a linked project is flagged', async () => {
    const response = await attach(maker, { data: pdfBuffer(), filename: 'brief.pdf', contentType: 'application/pdf' });
    expect(response.statusCode, response.body).toBe(201);
    const [file] = response.json().message.attachments;
    expect(file).toMatchObject({ mime: 'application/pdf', isImage: false, name: 'brief.pdf' });
    const served = await ctx.inject(client, { method: 'GET', url: file.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-disposition']).toMatch(/^attachment;/);

    const created = await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId: maker.id }) });
    const projectId = created.json().id;
    await putInReview(ctx.db, projectId, `/files/deliverables/${maker.id}/${projectId}/deliverable.png`);
    expect((await ctx.inject(admin, { method: 'GET', url: file.url })).statusCode).toBe(404);
    expect((await ctx.inject(client, { method: 'POST', url: `/api/projects/${projectId}/flag` })).statusCode).toBe(200);
    expect((await ctx.inject(admin, { method: 'GET', url: file.url })).statusCode).toBe(200);
    expect((await ctx.inject(stranger, { method: 'GET', url: file.url })).statusCode).toBe(404);
  });

  it('lets an admin open the attachment of a reported message while the report is open, and no other file of the thread', async () => {
    // A thread of its own: the one above now has a flagged project, which opens it all to admins.
    const threadId = await openConversation(ctx, client, otherMaker.id);
    const sentImage = await attach(client, { data: await pngBuffer('#654321'), filename: 'proof.png', contentType: 'image/png' }, { body: 'See this' }, threadId);
    const sentPdf = await attach(client, { data: pdfBuffer(), filename: 'terms.pdf', contentType: 'application/pdf' }, {}, threadId);
    expect(sentImage.statusCode, sentImage.body).toBe(201);
    expect(sentPdf.statusCode, sentPdf.body).toBe(201);
    const reported = sentImage.json().message as { id: string; attachments: Array<{ id: string; url: string }> };
    const [image] = reported.attachments;
    const [unreported] = sentPdf.json().message.attachments as Array<{ url: string }>;
    expect((await ctx.inject(admin, { method: 'GET', url: image.url })).statusCode).toBe(404);

    const filed = await ctx.inject(otherMaker, { method: 'POST', url: `/api/conversations/${threadId}/messages/${reported.id}/report`, payload: { reason: 'Not mine to see' } });
    expect(filed.statusCode).toBe(201);
    await expectAccess(ctx, { method: 'GET', url: image.url }, [
      ['anonymous', null, 401],
      ['another client', stranger, 404],
      ['another creator', maker, 404],
      ['admin judging the report', admin, 200],
      ['client', client, 200],
      ['creator', otherMaker, 200],
    ]);
    expect((await ctx.inject(admin, { method: 'GET', url: image.url })).headers['content-type']).toBe('image/png');
    // The rest of the thread stays private to the two people: its files, and even their names in the report.
    expect((await ctx.inject(admin, { method: 'GET', url: unreported.url })).statusCode).toBe(404);
    // The attachment id must belong to the reported message of that very thread.
    expect((await ctx.inject(admin, { method: 'GET', url: `/api/conversations/${conversationId}/attachments/${image.id}` })).statusCode).toBe(404);
    const reports = (await ctx.inject(admin, { method: 'GET', url: '/api/admin/reports' })).json().reports as Array<{
      id: string;
      message: { id: string; attachments: Array<{ url: string; isImage: boolean }> };
      context: Array<{ id: string; attachments: unknown[] }>;
    }>;
    const shown = reports.find((entry) => entry.message.id === reported.id)!;
    expect(shown.message.attachments).toEqual([expect.objectContaining({ url: image.url, isImage: true })]);
    expect(shown.context.filter((message) => message.id !== reported.id).flatMap((message) => message.attachments)).toEqual([]);

    // Once the report is judged, the file is the two people's alone again.
    expect((await ctx.inject(admin, { method: 'POST', url: `/api/admin/reports/${shown.id}/dismiss`, payload: {} })).statusCode).toBe(204);
    expect((await ctx.inject(admin, { method: 'GET', url: image.url })).statusCode).toBe(404);
    expect((await ctx.inject(client, { method: 'GET', url: image.url })).statusCode).toBe(200);
  });

  it('refuses files by their content, not their name, and strangers before reading the file', async () => {
    const html = await attach(client, { data: Buffer.from(SCRIPT_PAYLOAD), filename: 'photo.png', contentType: 'image/png' });
    expect(html.statusCode).toBe(400);
    expect(html.json().fields).toEqual({ file: 'Unsupported file type. Please choose a JPG, PNG, GIF or WebP image, or a PDF.' });
    const svg = await attach(client, { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), filename: 'a.svg', contentType: 'image/svg+xml' });
    expect(svg.statusCode).toBe(400);
    const png = { data: await pngBuffer(), filename: 'a.png', contentType: 'image/png' };
    expect((await attach(stranger, png)).statusCode).toBe(404);
    expect((await attach(null, png)).statusCode).toBe(401);
    expect((await attach(client, png, { body: 'x'.repeat(5001) })).json().fields).toHaveProperty('body');
  });

  it('is idempotent: a retried upload returns the first message and keeps one file', async () => {
    const clientMessageId = randomUUID();
    const png = { data: await pngBuffer('#123456'), filename: 'retry.png', contentType: 'image/png' };
    const first = await attach(client, png, { clientMessageId });
    const retry = await attach(client, png, { clientMessageId });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().message.id).toBe(first.json().message.id);
    const rows = await ctx.db.select().from(messageAttachments).where(eq(messageAttachments.messageId, first.json().message.id));
    expect(rows).toHaveLength(1);
  });
});
