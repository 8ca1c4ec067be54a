import { desc } from 'drizzle-orm';
import type { ContactSubmission } from '../../../domain/admin-schemas';
import { LIMITS } from '../../../domain/constants';
import type { Database } from '../../db/client';
import { contactSubmissions } from '../../db/schema';

/** The 50 newest messages from the Contact page and the marketplace's contact dialog. */
export const listContactSubmissions = async (db: Database): Promise<ContactSubmission[]> => {
  const rows = await db
    .select()
    .from(contactSubmissions)
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
    .limit(LIMITS.adminContactFetch);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    message: row.message,
    status: row.status,
    source: row.source,
    creatorName: row.creatorName,
    createdAt: row.createdAt.toISOString(),
  }));
};
