import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_MESSAGES } from '../../../domain/messages';
import { POSTED_FORM_ID, type PostedForm } from '../../../domain/posted-form';
import { CREDENTIAL_MAX_LENGTH, credentialVerificationQueryKey, VERIFY_MESSAGES } from '../../../domain/seal-verification';
import { FIRST_PAINT_DATA_ID } from '../../../domain/first-paint';
import { contactSubmissions, emailOutbox } from '../../db/schema';
import { insertCreator } from '../../../../test/support/creators';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../../test/support/harness';

// A built app in miniature: index.html and a server entry that shows the posted form it was asked to render (the
// real entry renders it into the forms, which the browser journeys in e2e/no-script.e2e.ts see).
const base = mkdtempSync(path.join(tmpdir(), 'hm-page-forms-'));
const webRoot = path.join(base, 'web');
const TEMPLATE = `<!doctype html><html><head><title>x</title><meta name="description" content="x"></head><body><div id="root"></div></body></html>`;
const ENTRY = `
export async function renderPage(url, queries = [], posted = null) {
  const html = '<main data-rendered="' + encodeURI(url) + '">' + (posted ? '<output>' + posted.form + '</output>' : 'page') + '</main>';
  return { html, status: 200 };
}
`;

let ctx: TestContext;
let creatorId: string;
beforeAll(async () => {
  mkdirSync(webRoot, { recursive: true });
  mkdirSync(path.join(base, 'ssr'));
  writeFileSync(path.join(webRoot, 'index.html'), TEMPLATE);
  writeFileSync(path.join(base, 'ssr', 'entry-server.js'), ENTRY);
  ctx = await createTestContext({ webRoot });
  creatorId = await insertCreator(ctx.db, { role: 'maker', name: 'Posted Form Maker' });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(base, { recursive: true, force: true });
});

let address = 20;
const nextAddress = () => `10.1.0.${(address += 1)}`;

/** A native form post, as Chromium sends it from one of our pages. */
const postForm = (url: string, fields: Record<string, string>, options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url,
    remoteAddress: options.remoteAddress ?? nextAddress(),
    headers: { origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded', ...options.headers },
    payload: new URLSearchParams(fields).toString(),
  });

/** The posted form the page carries for the browser to hydrate with. */
const postedIn = (html: string): PostedForm => {
  const match = new RegExp(`<script type="application/json" id="${POSTED_FORM_ID}">(.*?)</script>`).exec(html);
  expect(match, 'the page carries the posted form').not.toBeNull();
  return JSON.parse(match?.[1] ?? 'null') as PostedForm;
};

const PASSWORD = 'a secret pass phrase';

describe('log in and sign up posted by the browser itself', () => {
  it('signs up with a 303 to onboarding, carrying the redirect, with a session cookie that works', async () => {
    const email = `native-${Date.now()}@example.com`;
    const response = await postForm('/auth?tab=signup&type=client&redirect=%2Fstudio%2Fabc%3Fhire%3D1', {
      form: 'signup',
      role: 'client',
      name: 'Nina Native',
      email,
      password: PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe('/onboard-client?redirect=%2Fstudio%2Fabc%3Fhire%3D1');
    const cookie = ctx.cookieFrom(response);
    expect(cookie).toMatch(/session_token=/);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie } });
    expect(me.json().user).toMatchObject({ email, role: 'client', name: 'Nina Native' });
    expect(response.headers.location).not.toContain(PASSWORD);
  });

  it('logs in with a 303 to the dashboard, or to a same-site redirect, and never to another site', async () => {
    const user = await ctx.signUp('mind', { password: PASSWORD });
    const toDashboard = await postForm('/auth?tab=login', { form: 'login', email: user.email, password: PASSWORD });
    expect(toDashboard.statusCode, toDashboard.body).toBe(303);
    expect(toDashboard.headers.location).toBe('/dashboard-mind');
    const me = await ctx.app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie: ctx.cookieFrom(toDashboard) } });
    expect(me.json().user).toMatchObject({ id: user.id, role: 'mind' });

    const back = await postForm('/auth?tab=login&redirect=%2Fstudio%2Fxyz', { form: 'login', email: user.email, password: PASSWORD });
    expect(back.headers.location).toBe('/studio/xyz');
    const away = await postForm('/auth?tab=login&redirect=%2F%2Fevil.example', { form: 'login', email: user.email, password: PASSWORD });
    expect(away.headers.location).toBe('/dashboard-mind');
  });

  it('renders the page again for a wrong password: the message, the email kept, the password nowhere', async () => {
    const user = await ctx.signUp('maker', { password: PASSWORD });
    const wrong = 'not the right one at all';
    const response = await postForm('/auth?tab=login', { form: 'login', email: user.email, password: wrong });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['set-cookie']).toBeUndefined();
    expect(response.body).toContain('<output>login</output>');
    expect(postedIn(response.body)).toEqual({ form: 'login', values: { email: user.email }, errors: {}, message: 'Invalid email or password' });
    expect(response.body).not.toContain(wrong);
  });

  it("renders sign-up again with the schema's per-field messages and the values entered, never the password", async () => {
    const shortPassword = 'short7!';
    const response = await postForm('/auth?tab=signup', { form: 'signup', role: 'mind', name: '', email: 'not-an-email', password: shortPassword });
    expect(response.statusCode).toBe(400);
    const posted = postedIn(response.body);
    expect(posted.values).toEqual({ name: '', email: 'not-an-email', role: 'mind' });
    expect(posted.errors).toEqual({
      name: 'Name is required',
      email: 'Invalid email address',
      password: 'Password must be at least 8 characters',
    });
    expect(response.body).not.toContain(shortPassword);

    const taken = await ctx.signUp('client');
    const again = await postForm('/auth?tab=signup', { form: 'signup', role: 'client', name: 'Again', email: taken.email, password: PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(postedIn(again.body).errors).toEqual({ email: 'An account with this email already exists' });
    expect(again.body).not.toContain(PASSWORD);
  });
});

describe('contact forms posted by the browser itself', () => {
  it('stores the message and answers 303 back to the page with ?sent=1', async () => {
    const email = `native-contact-${Date.now()}@example.com`;
    const response = await postForm('/contact', { form: 'contact', name: 'Ada', email, message: 'Hello from a page without scripts.', website: '' });
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe('/contact?sent=1');
    const rows = await ctx.db.select().from(contactSubmissions).where(eq(contactSubmissions.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'contact_page', message: 'Hello from a page without scripts.' });
  });

  it('answers a filled honeypot as it answers a person, and keeps nothing', async () => {
    const email = `native-bot-${Date.now()}@example.com`;
    const response = await postForm('/contact', { form: 'contact', name: 'Bot', email, message: 'Buy now', website: 'http://spam.example' });
    expect(response.statusCode).toBe(303);
    expect(await ctx.db.select().from(contactSubmissions).where(eq(contactSubmissions.email, email))).toHaveLength(0);
  });

  it('renders the page again with the messages and what was typed', async () => {
    const response = await postForm('/contact', { form: 'contact', name: 'Ada', email: '', message: '   ' });
    expect(response.statusCode).toBe(400);
    const posted = postedIn(response.body);
    expect(posted.errors).toEqual({ email: 'Invalid email address', message: 'Message is required' });
    expect(posted.values).toEqual({ name: 'Ada', email: '', message: '   ' });
  });

  it("sends a marketplace message about a public creator, back to the directory's dialog with ?sent=1", async () => {
    const email = `native-market-${Date.now()}@example.com`;
    const response = await postForm(`/marketplace?q=posted&contact=${creatorId}`, { form: 'creator-contact', name: 'Client', email, message: 'A label, please.' });
    expect(response.statusCode, response.body).toBe(303);
    expect(response.headers.location).toBe(`/marketplace?q=posted&contact=${creatorId}&sent=1`);
    const [row] = await ctx.db.select().from(contactSubmissions).where(eq(contactSubmissions.email, email));
    expect(row).toMatchObject({ source: 'marketplace', creatorId });

    const unknown = await postForm('/marketplace?contact=no-such-creator', { form: 'creator-contact', name: 'Client', email, message: 'Hello?' });
    expect(unknown.statusCode).toBe(404);
    expect(postedIn(unknown.body).message).toBe('Creator Not Found');
  });

  it('shares the JSON route’s per-address limit: the sixth message from one address is refused, in the page', async () => {
    const remoteAddress = nextAddress();
    const valid = { name: 'Ada', email: 'limit@example.com', message: 'Counting.' };
    for (let index = 0; index < 3; index += 1) {
      const json = await ctx.app.inject({ method: 'POST', url: '/api/contact', remoteAddress, headers: { origin: TEST_ORIGIN }, payload: valid });
      expect(json.statusCode).toBe(201);
    }
    for (let index = 0; index < 2; index += 1) expect((await postForm('/contact', { form: 'contact', ...valid }, { remoteAddress })).statusCode).toBe(303);
    const refused = await postForm('/contact', { form: 'contact', ...valid }, { remoteAddress });
    expect(refused.statusCode).toBe(429);
    expect(postedIn(refused.body).message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
    expect(postedIn(refused.body).values).toEqual({ name: 'Ada', email: 'limit@example.com', message: 'Counting.' });
  });
});

describe('the same protections as the JSON routes', () => {
  it('refuses a form posted from another site', async () => {
    const fromElsewhere = await postForm('/auth?tab=login', { form: 'login', email: 'a@example.com', password: PASSWORD }, { headers: { origin: 'https://evil.example' } });
    expect(fromElsewhere.statusCode).toBe(403);
    const noOrigin = await postForm('/contact', { form: 'contact', name: 'A', email: 'a@example.com', message: 'x' }, { headers: { origin: '', 'sec-fetch-site': 'cross-site' } });
    expect(noOrigin.statusCode).toBe(403);
  });

  it("takes only the page's own forms, and the JSON API still takes JSON only", async () => {
    const wrongForm = await postForm('/contact', { form: 'login', email: 'a@example.com', password: PASSWORD });
    expect(wrongForm.statusCode).toBe(400);
    const formToJsonRoute = await postForm('/api/contact', { name: 'A', email: 'a@example.com', message: 'x' });
    expect(formToJsonRoute.statusCode).toBe(415);
  });
});

describe('the password reset posted by the browser itself', () => {
  it('sends the link, then sets the new password from the emailed token, with per-field messages on the way', async () => {
    const person = await ctx.signUp('client', { password: PASSWORD });
    const bad = await postForm('/reset-password', { form: 'reset-request', email: 'not an email' });
    expect(bad.statusCode).toBe(400);
    expect(postedIn(bad.body)).toMatchObject({ form: 'reset-request', values: { email: 'not an email' }, errors: { email: expect.any(String) } });

    const asked = await postForm('/reset-password', { form: 'reset-request', email: person.email });
    expect([asked.statusCode, asked.headers.location]).toEqual([303, '/reset-password?sent=1']);
    const [mail] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, person.email.toLowerCase())).then((rows) => rows.filter((row) => row.subject === 'Reset your password'));
    const token = /\/api\/auth\/reset-password\/([^?\s]+)/.exec(mail?.textBody ?? '')?.[1];
    expect(token).toBeTruthy();
    const page = `/reset-password?token=${token}`;

    const mismatch = await postForm(page, { form: 'reset-password', newPassword: 'a brand new password', confirmPassword: 'something else' });
    expect(mismatch.statusCode).toBe(400);
    const posted = postedIn(mismatch.body);
    expect(posted.errors).toEqual({ confirmPassword: 'The passwords do not match' });
    // Never a password in the page.
    expect(mismatch.body).not.toContain('a brand new password');

    const done = await postForm(page, { form: 'reset-password', newPassword: 'a brand new password', confirmPassword: 'a brand new password' });
    expect([done.statusCode, done.headers.location]).toEqual([303, '/auth?reset=1']);
    expect((await ctx.signIn(person.email, 'a brand new password')).statusCode).toBe(200);

    const again = await postForm(page, { form: 'reset-password', newPassword: 'another new password', confirmPassword: 'another new password' });
    expect(again.statusCode).toBe(400);
    expect(postedIn(again.body).message).toBe('This reset link has expired or is invalid. Please ask for a new one.');
  });

  it("says the database is out of space, not 'link expired', when the new password cannot be written", async () => {
    const person = await ctx.signUp('client', { password: PASSWORD });
    await postForm('/reset-password', { form: 'reset-request', email: person.email });
    const [mail] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, person.email.toLowerCase())).then((rows) => rows.filter((row) => row.subject === 'Reset your password'));
    const token = /\/api\/auth\/reset-password\/([^?\s]+)/.exec(mail?.textBody ?? '')?.[1];
    expect(token).toBeTruthy();
    // PostgreSQL's own refusal when its disk is full (SQLSTATE 53100), where the reset writes the password.
    await ctx.db.execute(sql.raw(`create function refuse_passwords() returns trigger language plpgsql as $$ begin raise exception 'could not extend file "base/1/2": No space left on device' using errcode = '53100'; end $$`));
    await ctx.db.execute(sql.raw('create trigger refuse_passwords before update on account for each row execute function refuse_passwords()'));
    let refused;
    try {
      refused = await postForm(`/reset-password?token=${token}`, { form: 'reset-password', newPassword: 'a brand new password', confirmPassword: 'a brand new password' });
    } finally {
      await ctx.db.execute(sql.raw('drop trigger refuse_passwords on account'));
      await ctx.db.execute(sql.raw('drop function refuse_passwords()'));
    }
    expect(refused.statusCode).toBe(503);
    expect(postedIn(refused.body).message).toBe(RESOURCE_MESSAGES.databaseFull);
    const done = await postForm(`/reset-password?token=${token}`, { form: 'reset-password', newPassword: 'a brand new password', confirmPassword: 'a brand new password' });
    expect([done.statusCode, done.headers.location]).toEqual([303, '/auth?reset=1']);
  });
});

describe('/verify posted by the browser itself', () => {
  /** The first-paint answers the page carries, as [key, data] pairs. */
  const firstPaintIn = (html: string): Array<{ key: unknown[]; data: unknown }> => {
    const match = new RegExp(`<script type="application/json" id="${FIRST_PAINT_DATA_ID}">(.*?)</script>`).exec(html);
    return match ? (JSON.parse(match[1]) as Array<{ key: unknown[]; data: unknown }>) : [];
  };

  it('checks the pasted credential in the page it answers, with the credential kept in the form and out of the address', async () => {
    const credential = 'eyJhbGciOiJFZERTQSJ9.e30.AAAA';
    const response = await postForm('/verify', { form: 'verify', credential: `  ${credential}\n` });
    expect(response.statusCode).toBe(200);
    expect(postedIn(response.body)).toEqual({ form: 'verify', values: { credential }, errors: {} });
    const [answer] = firstPaintIn(response.body);
    expect(answer.key).toEqual(credentialVerificationQueryKey({ credential }));
    expect(answer.data).toMatchObject({ outcome: 'unreadable', signatureValid: false });
  });

  it('says what is wrong with an empty or overlong paste in the page, where a long address used to get a bare 431', async () => {
    const empty = await postForm('/verify', { form: 'verify', credential: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(postedIn(empty.body).errors).toEqual({ credential: VERIFY_MESSAGES.empty });
    expect(firstPaintIn(empty.body)).toEqual([]);

    // 30,000 characters of JSON, about 60 KB once percent-encoded: far past the 16 KB a request's head may hold.
    const long = `{"a":"${'x'.repeat(CREDENTIAL_MAX_LENGTH + 10_000)}"}`;
    const overlong = await postForm('/verify', { form: 'verify', credential: long });
    expect(overlong.statusCode).toBe(400);
    const posted = postedIn(overlong.body);
    expect(posted.errors).toEqual({ credential: VERIFY_MESSAGES.tooLong });
    expect(posted.values.credential.length).toBe(CREDENTIAL_MAX_LENGTH + 1);
  });
});
