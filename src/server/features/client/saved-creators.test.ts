import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SAVED_CREATOR_MESSAGES, SAVED_CREATORS_LIMIT } from '../../../domain/saved-creators';
import { makerProfiles, savedCreators, user } from '../../db/schema';
import { type TestContext, type TestUser, ok, withTestContext } from '../../../../test/support/harness';
import { approveMaker, onboardedClient } from '../../../../test/support/project-fixtures';

let ctx: TestContext;
let client: TestUser;
let otherClient: TestUser;
let maker: TestUser;
let mind: TestUser;

withTestContext(async (created) => {
  ctx = created;
  client = await onboardedClient(ctx);
  otherClient = await onboardedClient(ctx, 'Other Co');
  maker = await approveMaker(ctx, { name: 'Saved Maker' });
  mind = await approveMaker(ctx, { name: 'Second Maker' });
});

const save = (user: TestUser | null, creatorId: string) => ctx.inject(user, { method: 'PUT', url: `/api/client/saved-creators/${creatorId}` });
const unsave = (user: TestUser | null, creatorId: string) => ctx.inject(user, { method: 'DELETE', url: `/api/client/saved-creators/${creatorId}` });
const savedIds = async (user: TestUser) => ok<{ creators: Array<{ id: string }> }>(await ctx.inject(user, { method: 'GET', url: '/api/client/saved-creators' })).creators.map((card) => card.id);

describe('saved creators (decision 187)', () => {
  it('keeps a private shortlist per client, newest first; saving twice changes nothing, removing twice is 404', async () => {
    expect(await savedIds(client)).toEqual([]);
    expect((await save(client, maker.id)).statusCode).toBe(204);
    expect((await save(client, mind.id)).statusCode).toBe(204);
    expect((await save(client, maker.id)).statusCode).toBe(204);
    expect(await savedIds(client)).toEqual([mind.id, maker.id]);
    // Another client's list is their own.
    expect(await savedIds(otherClient)).toEqual([]);
    expect((await unsave(otherClient, maker.id)).statusCode).toBe(404);
    expect(await savedIds(client)).toEqual([mind.id, maker.id]);

    expect((await unsave(client, mind.id)).statusCode).toBe(204);
    expect((await unsave(client, mind.id)).statusCode).toBe(404);
    expect(await savedIds(client)).toEqual([maker.id]);
  });

  it('saves only creators anyone may see, and drops one who stops being public', async () => {
    const pending = await approveMaker(ctx, { name: 'Pending Maker', status: 'pending' });
    const refused = await save(client, pending.id);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(SAVED_CREATOR_MESSAGES.notFound);
    expect((await save(client, 'no-such-creator')).statusCode).toBe(404);
    expect((await save(client, otherClient.id)).statusCode).toBe(404);

    const leaving = await approveMaker(ctx, { name: 'Leaving Maker' });
    expect((await save(otherClient, leaving.id)).statusCode).toBe(204);
    expect(await savedIds(otherClient)).toContain(leaving.id);
    await ctx.db.update(makerProfiles).set({ applicationStatus: 'rejected' }).where(eq(makerProfiles.userId, leaving.id));
    expect(await savedIds(otherClient)).not.toContain(leaving.id);
  });

  it('is for clients only', async () => {
    expect((await save(null, maker.id)).statusCode).toBe(401);
    expect((await save(maker, mind.id)).statusCode).toBe(403);
    expect((await ctx.inject(maker, { method: 'GET', url: '/api/client/saved-creators' })).statusCode).toBe(403);
  });

  it(`holds at most ${SAVED_CREATORS_LIMIT}`, async () => {
    const full = await onboardedClient(ctx, 'Full Co');
    const filler = await approveMaker(ctx, { name: 'Filler Maker' });
    // The rest of the shortlist written directly: the count does not ask who they are.
    const others = Array.from({ length: SAVED_CREATORS_LIMIT - 1 }, (_, index) => ({ id: `filler-${index}-${full.id}`, name: `Filler ${index}`, email: `filler-${index}-${full.id}@example.test` }));
    await ctx.db.insert(user).values(others);
    await ctx.db.insert(savedCreators).values([filler, ...others].map((creator) => ({ clientId: full.id, creatorId: creator.id })));
    const refused = await save(full, maker.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SAVED_CREATOR_MESSAGES.full);
    // Saving one already saved is still fine.
    expect((await save(full, filler.id)).statusCode).toBe(204);
  });
});
