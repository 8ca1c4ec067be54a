import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WORKSHOP_MESSAGES } from '../../../domain/workshop-schemas';
import { auditLog, workshops } from '../../db/schema';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';

let ctx: TestContext;
let admin: TestUser;
let maker: TestUser;
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

withTestContext(async (created) => {
  ctx = created;
  admin = await ctx.createAdmin();
  maker = await ctx.signUp('maker');
});

const create = (payload: Record<string, unknown>) => ctx.inject(admin, { method: 'POST', url: '/api/admin/workshops', payload });

describe('POST /api/admin/workshops', () => {
  it('creates a workshop from the form’s fields and audits it', async () => {
    const date = inDays(3);
    const response = await create({ title: '  Portfolio critique  ', description: 'Bring two pieces.', date, maxParticipants: 25, link: 'https://meet.example.com/crit' });
    expect(response.statusCode).toBe(201);
    const { workshop } = response.json();
    expect(workshop).toMatchObject({ title: 'Portfolio critique', description: 'Bring two pieces.', date, maxParticipants: 25, link: 'https://meet.example.com/crit' });
    const [row] = await ctx.db.select().from(workshops).where(eq(workshops.id, workshop.id));
    expect(row.createdBy).toBe(admin.id);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, workshop.id));
    expect(entry).toMatchObject({ action: 'workshop.create', targetType: 'workshop', actorEmail: admin.email, metadata: { title: 'Portfolio critique' } });
  });

  it('stores an empty description and link as none', async () => {
    const response = await create({ title: 'Open studio', description: '', date: inDays(4), maxParticipants: 50, link: '' });
    expect(response.statusCode).toBe(201);
    expect(response.json().workshop).toMatchObject({ description: null, link: null });
  });

  it.each([
    [{ title: '', date: inDays(1), maxParticipants: 10 }, 'title', WORKSHOP_MESSAGES.titleRequired],
    [{ title: 'X', date: inDays(1), maxParticipants: 0 }, 'maxParticipants', WORKSHOP_MESSAGES.maxMin],
    [{ title: 'X', date: inDays(1), maxParticipants: 2.5 }, 'maxParticipants', WORKSHOP_MESSAGES.maxWhole],
    [{ title: 'X', date: inDays(1) }, 'maxParticipants', WORKSHOP_MESSAGES.maxRequired],
    [{ title: 'X', date: inDays(1), maxParticipants: 10, link: 'not a url' }, 'link', WORKSHOP_MESSAGES.linkInvalid],
    [{ title: 'X', date: inDays(1), maxParticipants: 10, link: 'javascript:alert(1)' }, 'link', WORKSHOP_MESSAGES.linkInvalid],
    [{ title: 'X', date: '2030-01-01 10:00', maxParticipants: 10 }, 'date', WORKSHOP_MESSAGES.dateInvalid],
    [{ title: 'X', date: inDays(-1), maxParticipants: 10 }, 'date', WORKSHOP_MESSAGES.dateInPast],
  ])('refuses %o with a message for %s', async (payload, field, message) => {
    const before = (await ctx.db.select().from(workshops)).length;
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields[field]).toBe(message);
    expect(await ctx.db.select().from(workshops)).toHaveLength(before);
  });
});

describe('workshop lists', () => {
  it('gives creators the 5 next workshops, soonest first, in exactly the agreed shape', async () => {
    await ctx.db.delete(workshops);
    await ctx.db.insert(workshops).values([
      { title: 'Past', date: new Date(Date.now() - DAY), maxParticipants: 10 },
      ...[6, 2, 9, 1, 4, 3, 8].map((days) => ({ title: `In ${days} days`, date: new Date(Date.now() + days * DAY), maxParticipants: 10 + days })),
    ]);
    const response = await ctx.inject(maker, { method: 'GET', url: '/api/workshops/upcoming' });
    expect(response.statusCode).toBe(200);
    const { workshops: upcoming } = response.json();
    expect(upcoming.map((w: { title: string }) => w.title)).toEqual(['In 1 days', 'In 2 days', 'In 3 days', 'In 4 days', 'In 6 days']);
    expect(Object.keys(upcoming[0]).sort()).toEqual(['date', 'description', 'id', 'link', 'maxParticipants', 'title']);
    expect(upcoming[0]).toMatchObject({ description: null, link: null, maxParticipants: 11 });
    expect(new Date(upcoming[0].date).toISOString()).toBe(upcoming[0].date);
  });

  it('gives the admin every workshop, latest date first, including past ones', async () => {
    const { workshops: all } = (await ctx.inject(admin, { method: 'GET', url: '/api/admin/workshops' })).json();
    expect(all).toHaveLength(8);
    expect(all[0].title).toBe('In 9 days');
    expect(all.at(-1).title).toBe('Past');
  });

  it('shows a newly created workshop to makers', async () => {
    const created = (await create({ title: 'Tomorrow morning', date: new Date(Date.now() + DAY / 2).toISOString(), maxParticipants: 5 })).json().workshop;
    const { workshops: upcoming } = (await ctx.inject(maker, { method: 'GET', url: '/api/workshops/upcoming' })).json();
    expect(upcoming[0]).toEqual({ id: created.id, title: 'Tomorrow morning', description: null, date: created.date, link: null, maxParticipants: 5 });
  });
});
