import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESOURCE_MESSAGES } from '../../src/domain/messages';
import type { Database } from '../../src/server/db/client';
import { clientProfiles, messageAttachments, portfolioItems, processDocs, user } from '../../src/server/db/schema';
import { createTestContext, type TestContext, type TestUser } from '../support/harness';
import { openConversation } from '../support/conversation-fixtures';
import { acceptedProject, approveMaker, multipart, onboardedClient, pngBuffer } from '../support/project-fixtures';

/**
 * A write that stored a file loses its connection (decision 217). Either the COMMIT never reached the database, and
 * the file must go, or only its answer was lost, and the committed row points at the file, which must stay. The
 * database handle's own methods are wrapped to make each case: the fault is thrown before the write, or after it.
 */
const terminated = () => Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });

/** Every stored file under the uploads folder, as paths relative to it. */
const storedFiles = (ctx: TestContext): string[] => {
  const root = path.join(ctx.app.config.DATA_DIR, 'uploads');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
};

/** A query builder whose statement runs, then fails as a connection dropped on the way back would. */
const answerLost = <T extends object>(builder: T): T =>
  new Proxy(builder, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property === 'then') {
        return (resolve: (value: unknown) => unknown, reject: (reason: unknown) => unknown) =>
          (target as unknown as PromiseLike<unknown>).then(() => {
            throw terminated();
          }).then(resolve, reject);
      }
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = (value as (...inner: unknown[]) => unknown).apply(target, args);
        return result && typeof result === 'object' ? answerLost(result) : result;
      };
    },
  });

type Fault = 'before' | 'after';

/** The next transaction fails as its connection drops: before it runs, or after it committed. */
const faultNextTransaction = (db: Database, fault: Fault) => {
  const original = db.transaction.bind(db);
  vi.spyOn(db, 'transaction').mockImplementationOnce(async (work, config) => {
    if (fault === 'before') throw terminated();
    await original(work, config);
    throw terminated();
  });
};

/** The next insert fails as its connection drops: before it runs, or after it committed. */
const faultNextInsert = (db: Database, fault: Fault) => {
  const original = db.insert.bind(db);
  vi.spyOn(db, 'insert').mockImplementationOnce((table) => {
    if (fault === 'before') throw terminated();
    return answerLost(original(table));
  });
};

describe('a file stored for a write whose connection drops', () => {
  let ctx: TestContext;
  let client: TestUser;
  let maker: TestUser;

  beforeAll(async () => {
    ctx = await createTestContext();
    [client, maker] = [await onboardedClient(ctx), await approveMaker(ctx)];
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(async () => ctx.close());

  const png = async (color: string) => multipart({ data: await pngBuffer(color, 20), filename: 'work.png', contentType: 'image/png' });

  it('portfolio: removed when the insert never ran, kept with its row when only the answer was lost', async () => {
    const before = storedFiles(ctx);
    faultNextInsert(ctx.app.db, 'before');
    const upload = multipart({ data: await pngBuffer('#335577', 20), filename: 'work.png', contentType: 'image/png' }, { title: 'Lost piece', category: 'logo_design' });
    const refused = await ctx.inject(maker, { method: 'POST', url: '/api/portfolio', payload: upload.payload, headers: upload.headers });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toBe('database_unavailable');
    expect(storedFiles(ctx)).toEqual(before);
    expect(await ctx.db.select().from(portfolioItems).where(eq(portfolioItems.makerId, maker.id))).toHaveLength(0);

    faultNextInsert(ctx.app.db, 'after');
    const kept = multipart({ data: await pngBuffer('#775533', 20), filename: 'work.png', contentType: 'image/png' }, { title: 'Kept piece', category: 'logo_design' });
    const saved = await ctx.inject(maker, { method: 'POST', url: '/api/portfolio', payload: kept.payload, headers: kept.headers });
    expect(saved.statusCode).toBe(503);
    expect(saved.json()).toEqual({ error: 'saved_not_shown', message: RESOURCE_MESSAGES.savedNotShown });
    const [row] = await ctx.db.select().from(portfolioItems).where(eq(portfolioItems.makerId, maker.id));
    expect(row?.title).toBe('Kept piece');
    expect(storedFiles(ctx).length).toBeGreaterThan(before.length);
    const image = await ctx.inject(null, { method: 'GET', url: row!.imageUrl });
    expect(image.statusCode).toBe(200);
  });

  it('process doc: removed when the transaction never ran, kept with its row when only the answer was lost', async () => {
    const projectId = await acceptedProject(ctx, client, maker);
    const before = storedFiles(ctx);
    faultNextTransaction(ctx.app.db, 'before');
    const refused = await ctx.inject(maker, { method: 'POST', url: `/api/projects/${projectId}/process-docs`, ...(await png('#224466')) });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toBe('database_unavailable');
    expect(storedFiles(ctx)).toEqual(before);

    faultNextTransaction(ctx.app.db, 'after');
    const saved = await ctx.inject(maker, { method: 'POST', url: `/api/projects/${projectId}/process-docs`, ...(await png('#664422')) });
    expect(saved.statusCode).toBe(503);
    expect(saved.json().error).toBe('saved_not_shown');
    const [doc] = await ctx.db.select().from(processDocs).where(eq(processDocs.projectId, projectId));
    expect(doc).toBeDefined();
    const file = await ctx.inject(maker, { method: 'GET', url: doc!.fileUrl });
    expect(file.statusCode).toBe(200);
  });

  it('attachment: removed when the transaction never ran, kept with its message when only the answer was lost', async () => {
    const conversationId = await openConversation(ctx, client, maker.id);
    const send = async (color: string) =>
      ctx.inject(client, {
        method: 'POST',
        url: `/api/conversations/${conversationId}/attachments`,
        ...multipart({ data: await pngBuffer(color, 20), filename: 'sketch.png', contentType: 'image/png' }, { clientMessageId: randomUUID() }),
      });
    const before = storedFiles(ctx);
    faultNextTransaction(ctx.app.db, 'before');
    const refused = await send('#113355');
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toBe('database_unavailable');
    expect(storedFiles(ctx)).toEqual(before);

    faultNextTransaction(ctx.app.db, 'after');
    const saved = await send('#553311');
    expect(saved.statusCode).toBe(503);
    expect(saved.json().error).toBe('saved_not_shown');
    const [attachment] = await ctx.db.select().from(messageAttachments).where(eq(messageAttachments.conversationId, conversationId));
    expect(attachment).toBeDefined();
    const file = await ctx.inject(client, { method: 'GET', url: `/api/conversations/${conversationId}/attachments/${attachment!.id}` });
    expect(file.statusCode).toBe(200);
  });

  it('client logo: removed when the insert never ran, kept as the profile logo when only the answer was lost', async () => {
    const before = storedFiles(ctx);
    faultNextInsert(ctx.app.db, 'before');
    const refused = await ctx.inject(client, { method: 'POST', url: '/api/client/profile/logo', ...(await png('#446688')) });
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toBe('database_unavailable');
    expect(storedFiles(ctx)).toEqual(before);

    faultNextInsert(ctx.app.db, 'after');
    const saved = await ctx.inject(client, { method: 'POST', url: '/api/client/profile/logo', ...(await png('#886644')) });
    expect(saved.statusCode).toBe(503);
    expect(saved.json().error).toBe('saved_not_shown');
    const [profile] = await ctx.db.select({ logoUrl: clientProfiles.logoUrl }).from(clientProfiles).where(eq(clientProfiles.userId, client.id));
    expect(profile?.logoUrl).toBeTruthy();
    const logo = await ctx.inject(null, { method: 'GET', url: profile!.logoUrl! });
    expect(logo.statusCode).toBe(200);
  });

  it('sign-up: "try again" when the account was not made, signed in when only the answer to its commit was lost', async () => {
    const signUp = (email: string) =>
      ctx.inject(null, { method: 'POST', url: '/api/account/sign-up', payload: { name: 'Cut Commit', email, password: 'a long enough password', role: 'client' } });
    faultNextTransaction(ctx.app.db, 'before');
    const refused = await signUp('not-made@example.com');
    expect(refused.statusCode).toBe(503);
    expect(refused.json().error).toBe('database_unavailable');
    expect(await ctx.db.select().from(user).where(eq(user.email, 'not-made@example.com'))).toHaveLength(0);

    faultNextTransaction(ctx.app.db, 'after');
    const made = await signUp('made@example.com');
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().user).toMatchObject({ email: 'made@example.com', role: 'client' });
    expect(await ctx.db.select().from(user).where(eq(user.email, 'made@example.com'))).toHaveLength(1);
  });
});
