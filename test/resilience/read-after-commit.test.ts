import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_MESSAGES } from '../../src/domain/messages';
import { projects } from '../../src/server/db/schema';
import { createTestContext, type TestContext, type TestUser } from '../support/harness';
import { approveMaker, onboardedClient, projectPayload } from '../support/project-fixtures';

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
