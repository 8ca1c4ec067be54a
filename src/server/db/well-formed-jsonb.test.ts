import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { projectOffers } from './schema';
import { type TestContext, type TestUser, withTestContext } from '../../../test/support/harness';
import { approveMaker, onboardedClient, projectPayload } from '../../../test/support/project-fixtures';

let ctx: TestContext;
let client: TestUser;
let maker: TestUser;

withTestContext(async (created) => {
  ctx = created;
  client = await onboardedClient(ctx);
  maker = await approveMaker(ctx, { name: 'Mara Maker' });
});

const dateIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

describe('text with a lone surrogate in a jsonb column', () => {
  it('an offer whose milestone title holds half a surrogate pair is saved, with U+FFFD in its place', async () => {
    const created = await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId: maker.id, budget: 2500 }) });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: string }).id;
    // JSON.parse gives a lone surrogate for "\ud83d": a broken paste, or a script.
    const body = `{"price":2500,"revisionRounds":1,"note":"Two steps","milestones":[{"title":"Logo \\ud83d sketches","amountCents":100000,"dueDate":"${dateIn(5)}"},{"title":"Final \\udc4d files 👍","amountCents":150000,"dueDate":"${dateIn(9)}"}]}`;
    const sent = await ctx.inject(maker, { method: 'POST', url: `/api/projects/${id}/offers`, payload: body, headers: { 'content-type': 'application/json' } });
    expect(sent.statusCode, sent.body).toBe(201);
    const [offer] = await ctx.db.select().from(projectOffers).where(eq(projectOffers.projectId, id));
    expect(offer.milestones.map((milestone) => milestone.title)).toEqual(['Logo \uFFFD sketches', 'Final \uFFFD files 👍']);
  });
});
