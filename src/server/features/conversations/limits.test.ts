import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONVERSATION_MESSAGES } from '../../../domain/conversation-schemas';
import { conversations, projects } from '../../db/schema';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { approveMaker, emailsTo, onboardedClient, projectPayload } from '../../../../test/support/project-fixtures';
import { openConversation, sendMessage, startConversation } from '../../../../test/support/conversation-fixtures';

let ctx: TestContext;
let client: TestUser;

withTestContext(async (created) => {
  ctx = created;
  client = await onboardedClient(ctx);
});

const start = (creatorId: string, remoteAddress: string) => startConversation(ctx, client, creatorId, 'Hello', { remoteAddress });

describe('per-person limits', () => {
  it('allows 10 new conversations a day; continuing one does not count', async () => {
    const makers: TestUser[] = [];
    for (let n = 0; n < 11; n += 1) makers.push(await approveMaker(ctx));
    for (const [n, maker] of makers.slice(0, 10).entries()) expect((await start(maker.id, `10.40.0.${n + 1}`)).statusCode).toBe(201);
    const eleventh = await start(makers[10].id, '10.40.1.1');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe(CONVERSATION_MESSAGES.tooManyConversations);
    expect((await start(makers[0].id, '10.40.1.2')).statusCode).toBe(201);
  });

  it('counts the threads projects open, and refuses a project or an assignment that would open one past the limit (decision 219)', async () => {
    const busy = await onboardedClient(ctx, 'Project Co');
    const makers: TestUser[] = [];
    for (let n = 0; n < 13; n += 1) makers.push(await approveMaker(ctx));
    const createFor = (creatorId?: string) => ctx.inject(busy, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId }) });
    // Three projects today, each with a creator not written to before: each opens a thread, and each counts.
    for (const maker of makers.slice(0, 3)) {
      const created = await createFor(maker.id);
      expect(created.statusCode, created.body).toBe(201);
    }
    // A second project with the same creator, and writing in a project's thread, continue it: not new conversations.
    expect((await createFor(makers[0].id)).statusCode).toBe(201);
    const write = (creatorId: string, n: number) => startConversation(ctx, busy, creatorId, 'Hello', { remoteAddress: `10.42.0.${n + 1}` });
    expect((await write(makers[0].id, 0)).statusCode).toBe(201);
    for (const [n, maker] of makers.slice(3, 10).entries()) expect((await write(maker.id, n + 1)).statusCode, `conversation ${n + 4}`).toBe(201);

    // Ten threads: the eleventh is refused by writing, by a new project and by an assignment alike, with the same answer.
    const message = CONVERSATION_MESSAGES.tooManyConversations;
    const eleventh = await write(makers[10].id, 20);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe(message);
    const project = await createFor(makers[10].id);
    expect(project.statusCode).toBe(429);
    expect(project.json()).toMatchObject({ error: 'rate_limited', message, fields: { creatorId: message } });
    const draft = await createFor();
    expect(draft.statusCode).toBe(201);
    const assigned = await ctx.inject(busy, { method: 'POST', url: `/api/projects/${draft.json().id}/assign`, payload: { creatorId: makers[11].id } });
    expect(assigned.statusCode).toBe(429);
    expect(assigned.json()).toMatchObject({ error: 'rate_limited', message, fields: { creatorId: message } });
    // Nothing was opened, and nobody new was told.
    const threads = await ctx.db.select({ creatorId: conversations.creatorId }).from(conversations).where(eq(conversations.clientId, busy.id));
    expect(threads).toHaveLength(10);
    const assignedMail = async (maker: TestUser) => (await emailsTo(ctx, maker.email)).filter((email) => email.type === 'project-assigned');
    expect(await assignedMail(makers[10])).toEqual([]);
    expect(await assignedMail(makers[11])).toEqual([]);
    expect((await ctx.db.select().from(projects).where(eq(projects.id, draft.json().id)))[0]).toMatchObject({ makerId: null, mindId: null });

    // A creator the client already has a thread with is still theirs to hire, or to assign.
    expect((await createFor(makers[1].id)).statusCode).toBe(201);
    const reassigned = await ctx.inject(busy, { method: 'POST', url: `/api/projects/${draft.json().id}/assign`, payload: { creatorId: makers[2].id } });
    expect(reassigned.statusCode, reassigned.body).toBe(200);
  });

  it('holds the daily limit for projects sent at the same moment as first messages', async () => {
    const eager = await onboardedClient(ctx, 'Eager Projects Co');
    const makers: TestUser[] = [];
    for (let n = 0; n < 14; n += 1) makers.push(await approveMaker(ctx));
    const answers = await Promise.all(
      makers.map((maker, n) =>
        n % 2 === 0
          ? ctx.inject(eager, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId: maker.id }), remoteAddress: `10.44.1.${n + 1}` })
          : startConversation(ctx, eager, maker.id, 'Hello', { remoteAddress: `10.44.0.${n + 1}` }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(4);
  }, 90_000);

  it('holds the daily limit for starts sent at the same moment, on PostgreSQL too', async () => {
    const eager = await onboardedClient(ctx, 'Eager Co');
    const makers: TestUser[] = [];
    for (let n = 0; n < 15; n += 1) makers.push(await approveMaker(ctx));
    const answers = await Promise.all(makers.map((maker, n) => startConversation(ctx, eager, maker.id, 'Hello', { remoteAddress: `10.43.0.${n + 1}` })));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  }, 90_000);

  it('allows 30 messages a minute per person, whatever address they come from', async () => {
    const maker = await approveMaker(ctx);
    const other = await onboardedClient(ctx, 'Chatty Co');
    const id = await openConversation(ctx, other, maker.id, 'Hi');
    const statuses: number[] = [];
    // The first message, which opened the conversation, is one of the 30.
    for (let n = 0; n < 30; n += 1) {
      const response = await sendMessage(ctx, other, id, `Message ${n}`, { remoteAddress: `10.41.0.${n + 1}` });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(29);
    expect(statuses.at(-1)).toBe(429);
  });

  it('counts first messages and replies in one bucket, not one per route', async () => {
    const [first, second] = [await approveMaker(ctx), await approveMaker(ctx)];
    const writer = await onboardedClient(ctx, 'Busy Co');
    const id = await openConversation(ctx, writer, first.id, 'Hi');
    for (let n = 0; n < 28; n += 1) {
      expect((await sendMessage(ctx, writer, id, `Message ${n}`)).statusCode).toBe(201);
    }
    // The 30th write of the minute opens another conversation: allowed, and counted with the rest.
    expect((await startConversation(ctx, writer, second.id, 'Hello')).statusCode).toBe(201);
    const refused = await sendMessage(ctx, writer, id, 'One too many');
    expect(refused.statusCode).toBe(429);
    expect((await startConversation(ctx, writer, second.id, 'Again')).statusCode).toBe(429);
  });
});
