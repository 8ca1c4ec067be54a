import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactSubmissions, emailOutbox } from '../../db/schema';
import { type TestContext, withTestContext } from '../../../../test/support/harness';
import { decodeQuotedPrintable } from '../../../../test/support/smtp';
import { insertCreator } from '../../../../test/support/creators';

let ctx: TestContext;
withTestContext(async (created) => {
  ctx = created;
}, { smtp: true, env: { CONTACT_INBOX: 'inbox@humanmade.test' } });

// Each test speaks from its own address, so the per-IP rate limit of one test never touches another.
let address = 10;
const nextAddress = () => `10.0.0.${(address += 1)}`;

const post = (url: string, payload: Record<string, unknown>, remoteAddress = nextAddress()) =>
  ctx.app.inject({ method: 'POST', url, payload, remoteAddress, headers: { origin: 'http://localhost:3000' } });

const valid = { name: 'Grace Hopper', email: 'grace@example.com', message: 'I would like to commission a logo.' };

const rowsBy = (email: string) => ctx.db.select().from(contactSubmissions).where(eq(contactSubmissions.email, email));
const emailsTo = (replyTo: string) => ctx.db.select().from(emailOutbox).where(eq(emailOutbox.replyTo, replyTo)).orderBy(desc(emailOutbox.createdAt));

describe('Contact page', () => {
  it('stores the message and emails the contact inbox in the same transaction', async () => {
    const email = 'grace.store@example.com';
    const response = await post('/api/contact', { ...valid, email, name: '  Grace Hopper  ' });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await rowsBy(email);
    expect(row).toMatchObject({ name: 'Grace Hopper', message: valid.message, status: 'new', source: 'contact_page', creatorId: null });
    const [mail] = await emailsTo(email);
    expect(mail).toMatchObject({ type: 'Contact Page', toAddress: 'inbox@humanmade.test', status: 'pending' });
    expect(mail.textBody).toContain(valid.message);

    await ctx.app.outbox.runOnce();
    const delivered = ctx.smtp?.received.find((message) => decodeQuotedPrintable(message.raw).includes(valid.message));
    expect(delivered?.to).toContain('inbox@humanmade.test');
    expect(delivered?.raw).toMatch(/Reply-To: grace\.store@example\.com/i);
  });

  it('answers each invalid field with the spec message', async () => {
    const empty = await post('/api/contact', { name: ' ', email: '', message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ name: 'Name is required', email: 'Invalid email address', message: 'Message is required' });

    const long = await post('/api/contact', { name: 'n'.repeat(101), email: `${'e'.repeat(250)}@example.com`, message: 'm'.repeat(1001) });
    expect(long.json().fields).toEqual({
      name: 'Name must be less than 100 characters',
      email: 'Email must be less than 255 characters',
      message: 'Message must be less than 1000 characters',
    });

    const badEmail = await post('/api/contact', { ...valid, email: 'not-an-email' });
    expect(badEmail.json().fields).toEqual({ email: 'Invalid email address' });

    const atLimit = await post('/api/contact', { ...valid, email: 'limit@example.com', name: 'n'.repeat(100), message: 'm'.repeat(1000) });
    expect(atLimit.statusCode).toBe(201);
  });

  it('accepts a filled honeypot silently but stores and sends nothing', async () => {
    const email = 'bot@example.com';
    const response = await post('/api/contact', { ...valid, email, website: 'https://spam.example' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ ok: true });
    expect(await rowsBy(email)).toHaveLength(0);
    expect(await emailsTo(email)).toHaveLength(0);
  });

  it('limits each address to 5 messages in 10 minutes', async () => {
    const address = nextAddress();
    for (let index = 0; index < 5; index += 1) {
      const response = await post('/api/contact', { ...valid, email: `burst${index}@example.com` }, address);
      expect(response.statusCode).toBe(201);
    }
    const refused = await post('/api/contact', { ...valid, email: 'burst5@example.com' }, address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Too many requests/);
    expect(await rowsBy('burst5@example.com')).toHaveLength(0);
    // Another visitor is not affected.
    expect((await post('/api/contact', { ...valid, email: 'other@example.com' })).statusCode).toBe(201);
  });
});

describe('marketplace Contact dialog', () => {
  it('stores the message with the creator named and emails the inbox as a Marketplace Contact', async () => {
    const creator = await insertCreator(ctx.db, { role: 'maker', name: 'Linnea Voss' });
    const email = 'buyer@example.com';
    const response = await post(`/api/contact/creators/${creator}`, { ...valid, email });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await rowsBy(email);
    expect(row).toMatchObject({ source: 'marketplace', status: 'new', creatorId: creator, creatorName: 'Linnea Voss' });
    const [mail] = await emailsTo(email);
    expect(mail).toMatchObject({ type: 'Marketplace Contact', toAddress: 'inbox@humanmade.test' });
    expect(mail.subject).toContain('Linnea Voss');
    expect(mail.textBody).toContain(`/studio/${creator}`);
  });

  it('validates with the same schema', async () => {
    const creator = await insertCreator(ctx.db, { role: 'mind', name: 'Validating Mind' });
    const response = await post(`/api/contact/creators/${creator}`, { name: '', email: 'x', message: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ name: 'Name is required', email: 'Invalid email address', message: 'Message is required' });
  });

  it('answers 404 for a creator who is not public, and stores nothing', async () => {
    const pending = await insertCreator(ctx.db, { role: 'maker', status: 'pending' });
    const draft = await insertCreator(ctx.db, { role: 'mind', status: 'draft' });
    const rejected = await insertCreator(ctx.db, { role: 'maker', status: 'rejected' });
    const promoted = await insertCreator(ctx.db, { role: 'admin', profileKind: 'maker' });
    const client = await insertCreator(ctx.db, { role: 'client' });
    for (const id of [pending, draft, rejected, promoted, client, 'nobody']) {
      const response = await post(`/api/contact/creators/${id}`, { ...valid, email: 'hidden@example.com' });
      expect(response.statusCode).toBe(404);
    }
    expect(await rowsBy('hidden@example.com')).toHaveLength(0);
  });

  it('drops a honeypot message about a real creator', async () => {
    const creator = await insertCreator(ctx.db, { role: 'maker' });
    const response = await post(`/api/contact/creators/${creator}`, { ...valid, email: 'bot2@example.com', website: 'x' });
    expect(response.statusCode).toBe(201);
    expect(await rowsBy('bot2@example.com')).toHaveLength(0);
    expect(await emailsTo('bot2@example.com')).toHaveLength(0);
  });
});
