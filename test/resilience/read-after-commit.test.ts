import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_MESSAGES } from '../../src/domain/messages';
import { messageAttachments, messages, projects } from '../../src/server/db/schema';
import { createTestContext, type TestContext, type TestUser } from '../support/harness';
import { approveMaker, multipart, onboardedClient, pngBuffer, projectPayload } from '../support/project-fixtures';
import { openConversation } from '../support/conversation-fixtures';

/**
 * A write commits, then reads its answer on another connection, which drops (decision 130's addendum). The statement
 * hook below fails the reads of `projects` that follow the project's insert, the way a terminated connection does.
 */
const terminated = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

describe('a project created when the connection of its read-back drops', () => {
  let ctx: TestContext;
  let client: TestUser;
  let creator: TestUser;
  /** How many reads of projects, after the next insert into it, fail as a dropped connection would. */
  let cutsToMake = 0;
  let armed = false;

  beforeAll(async () => {
    ctx = await createTestContext({
      onQuery: (query) => {
        if (/^insert into "projects"/.test(query)) armed = cutsToMake > 0;
        else if (armed && /^select .* from "projects"/s.test(query)) {
          cutsToMake -= 1;
          armed = cutsToMake > 0;
          throw terminated();
        }
      },
    });
    [client, creator] = [await onboardedClient(ctx), await approveMaker(ctx)];
  });
  afterAll(async () => ctx.close());

  const projectsOfClient = async () => ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.clientId, client.id));

  it('answers 201 with the project from a new connection, and stores one project', async () => {
    const before = (await projectsOfClient()).length;
    cutsToMake = 1;
    const response = await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId: creator.id, title: 'Cut once' }) });
    expect(cutsToMake, 'the read-back really was cut').toBe(0);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ title: 'Cut once', status: 'draft' });
    expect(await projectsOfClient()).toHaveLength(before + 1);
  });

  it('says the project was saved, not "try again", when every read-back is cut, and stores exactly one', async () => {
    const before = (await projectsOfClient()).length;
    cutsToMake = 3;
    const response = await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId: creator.id, title: 'Cut thrice' }) });
    expect(cutsToMake).toBe(0);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ error: 'saved_not_shown', message: RESOURCE_MESSAGES.savedNotShown });
    expect(await projectsOfClient()).toHaveLength(before + 1);
  });
});

/**
 * The same cut after two other commits: a project's transition (accepting a draft) and a message with an attachment,
 * whose stored file must outlive a failed read-back, since the committed message points at it.
 */
describe('a transition and an attachment whose read-back drops', () => {
  let ctx: TestContext;
  let client: TestUser;
  let creator: TestUser;
  let cut: { after: RegExp; read: RegExp; left: number } | null = null;
  let armed = false;

  beforeAll(async () => {
    ctx = await createTestContext({
      onQuery: (query) => {
        if (!cut) return;
        if (cut.after.test(query)) armed = cut.left > 0;
        else if (armed && cut.read.test(query)) {
          cut.left -= 1;
          armed = cut.left > 0;
          throw terminated();
        }
      },
    });
    [client, creator] = [await onboardedClient(ctx), await approveMaker(ctx)];
  });
  afterAll(async () => ctx.close());

  it('answers an accepted draft from a new connection, not 503 over a change that was made', async () => {
    const created = await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId: creator.id, title: 'Accepted once' }) });
    expect(created.statusCode, created.body).toBe(201);
    cut = { after: /^update "projects"/, read: /^select .* from "projects"/s, left: 1 };
    const accepted = await ctx.inject(creator, { method: 'POST', url: `/api/projects/${created.json().id}/accept` });
    expect(cut.left, 'the read-back really was cut').toBe(0);
    cut = null;
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'active' });
  });

  it('keeps the file of a sent attachment when its read-back drops, so a retry of the send still serves it', async () => {
    const conversationId = await openConversation(ctx, client, creator.id);
    const clientMessageId = randomUUID();
    const png = await pngBuffer();
    const send = () =>
      ctx.inject(client, { method: 'POST', url: `/api/conversations/${conversationId}/attachments`, ...multipart({ data: png, filename: 'sketch.png', contentType: 'image/png' }, { clientMessageId }) });
    cut = { after: /^insert into "message_attachments"/, read: /^select .* from "message_attachments"/s, left: 3 };
    const first = await send();
    expect(cut.left, 'every read-back was cut').toBe(0);
    cut = null;
    expect(first.statusCode).toBe(503);
    expect(first.json()).toEqual({ error: 'saved_not_shown', message: RESOURCE_MESSAGES.savedNotShown });
    const [stored] = await ctx.db.select({ id: messageAttachments.id }).from(messageAttachments).innerJoin(messages, eq(messages.id, messageAttachments.messageId)).where(eq(messages.clientMessageId, clientMessageId));
    expect(stored).toBeDefined();

    const retry = await send();
    expect(retry.statusCode, retry.body).toBe(200);
    const [attachment] = retry.json().message.attachments;
    const file = await ctx.inject(client, { method: 'GET', url: attachment.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
  });
});
