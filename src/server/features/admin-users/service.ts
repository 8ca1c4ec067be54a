import { and, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ADMIN_MESSAGES, type AdminUser } from '../../../domain/admin-schemas';
import type { Database } from '../../db/client';
import { profiles, user, userRoles } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import type { AuthContext } from '../../types';
import { recordAudit } from '../audit/service';
import { deleteUserCompletely } from '../account/delete-user';

export const USERS_LIST_LIMIT = 100;

/** Admins are hidden from every listing (the product's rule); users whose role row is missing still show. */
const notAdmin: SQL = or(isNull(userRoles.role), ne(userRoles.role, 'admin')) as SQL;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Non-admin users, newest first, optionally narrowed by a name or email search. */
export const listUsers = async (db: Database, query: string | undefined): Promise<{ users: AdminUser[]; total: number; limit: number }> => {
  const name = sql<string>`coalesce(${profiles.name}, ${user.name})`;
  const pattern = query ? `%${escapeLike(query)}%` : null;
  const where = pattern ? (and(notAdmin, or(ilike(name, pattern), ilike(user.email, pattern))) as SQL) : notAdmin;

  const rows = await db
    .select({ id: user.id, name, email: user.email, role: userRoles.role, createdAt: user.createdAt })
    .from(user)
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(where)
    .orderBy(desc(user.createdAt), desc(user.id))
    .limit(USERS_LIST_LIMIT);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(user)
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(where);
  return {
    users: rows.map((row) => ({ ...row, email: row.email || null, createdAt: row.createdAt.toISOString() })),
    total,
    limit: USERS_LIST_LIMIT,
  };
};

export const countNonAdminUsers = async (db: Database): Promise<number> => {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(user).leftJoin(userRoles, eq(userRoles.userId, user.id)).where(notAdmin);
  return row?.total ?? 0;
};

/**
 * Deletes a non-admin user completely, with everything that is theirs. An admin cannot delete themselves (403); other
 * admins are invisible here, so they answer 404 like any missing user.
 */
export const deleteUserAsAdmin = async (app: FastifyInstance, auth: AuthContext, userId: string): Promise<void> => {
  if (userId === auth.userId) throw forbidden(ADMIN_MESSAGES.cannotDeleteSelf);
  const [target] = await app.db
    .select({ role: userRoles.role, name: sql<string>`coalesce(${profiles.name}, ${user.name})` })
    .from(user)
    .leftJoin(userRoles, eq(userRoles.userId, user.id))
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  if (!target || target.role === 'admin') throw notFound('User not found');

  await deleteUserCompletely(app, userId, async (tx) => {
    // Re-checked under the row lock deleteUserCompletely holds, in case the user was promoted meanwhile.
    const [role] = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
    if (role?.role === 'admin') throw notFound('User not found');
    // The deleted person's email is not kept: the audit trail names them, but does not retain their contact data.
    await recordAudit(tx, auth, { action: 'user.delete', targetType: 'user', targetId: userId, metadata: { name: target.name, role: target.role } });
  });
};
