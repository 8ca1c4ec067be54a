import { asc, desc, gte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../../../domain/constants';
import { WORKSHOP_MESSAGES, isFutureInstant, type AdminWorkshop, type CreateWorkshopInput, type UpcomingWorkshop } from '../../../domain/workshop-schemas';
import type { Database } from '../../db/client';
import { workshops } from '../../db/schema';
import { badRequest } from '../../http/errors';
import type { AuthContext } from '../../types';
import { recordAudit } from '../audit/service';

type WorkshopRow = typeof workshops.$inferSelect;

const toUpcoming = (row: WorkshopRow): UpcomingWorkshop => ({
  id: row.id,
  title: row.title,
  description: row.description,
  date: row.date.toISOString(),
  link: row.link,
  maxParticipants: row.maxParticipants,
});

const toAdminWorkshop = (row: WorkshopRow): AdminWorkshop => ({ ...toUpcoming(row), createdAt: row.createdAt.toISOString() });

/** The next 5 workshops from now, soonest first (the product's rule: creators' dashboards list 5 upcoming). */
export const listUpcomingWorkshops = async (db: Database, now: Date = new Date()): Promise<UpcomingWorkshop[]> => {
  const rows = await db.select().from(workshops).where(gte(workshops.date, now)).orderBy(asc(workshops.date), asc(workshops.id)).limit(LIMITS.workshopsUpcoming);
  return rows.map(toUpcoming);
};

export const ADMIN_WORKSHOPS_LIMIT = 100;

/** Every workshop for the admin, latest date first. */
export const listWorkshopsForAdmin = async (db: Database): Promise<AdminWorkshop[]> => {
  const rows = await db.select().from(workshops).orderBy(desc(workshops.date), desc(workshops.id)).limit(ADMIN_WORKSHOPS_LIMIT);
  return rows.map(toAdminWorkshop);
};

export const createWorkshop = async (app: FastifyInstance, auth: AuthContext, input: CreateWorkshopInput): Promise<AdminWorkshop> => {
  if (!isFutureInstant(input.date)) throw badRequest(WORKSHOP_MESSAGES.dateInPast, { date: WORKSHOP_MESSAGES.dateInPast });
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(workshops)
      .values({
        title: input.title,
        description: input.description || null,
        date: new Date(input.date),
        link: input.link || null,
        maxParticipants: input.maxParticipants,
        createdBy: auth.userId,
      })
      .returning();
    await recordAudit(tx, auth, {
      action: 'workshop.create',
      targetType: 'workshop',
      targetId: row.id,
      metadata: { title: row.title, date: row.date.toISOString(), maxParticipants: row.maxParticipants },
    });
    return toAdminWorkshop(row);
  });
};
