import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Auth } from '../../auth/auth';
import type { Database } from '../../db/client';
import { account, profiles, user, userRoles } from '../../db/schema';
import { signUpSchema } from '../../../domain/auth-schemas';

export interface CreateAdminResult {
  userId: string;
  outcome: 'created' | 'promoted' | 'unchanged';
}

/**
 * Creates an admin, or promotes an existing user and sets the given password. Running it twice with the
 * same arguments leaves the same state. This is the only way to become an admin.
 */
export const createOrPromoteAdmin = async (
  db: Database,
  auth: Auth,
  input: { email: string; password: string; name?: string },
): Promise<CreateAdminResult> => {
  const parsed = signUpSchema.pick({ email: true, password: true }).parse(input);
  const email = parsed.email.toLowerCase();
  const ctx = await auth.$context;
  const hash = await ctx.password.hash(parsed.password);
  const name = input.name?.trim() || email.split('@')[0];

  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(user).where(sql`lower(${user.email}) = ${email}`).limit(1);
    const now = new Date();
    if (!existing) {
      const userId = randomUUID();
      await tx.insert(user).values({ id: userId, name, email, emailVerified: true, createdAt: now, updatedAt: now });
      await tx.insert(account).values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: hash, createdAt: now, updatedAt: now });
      await tx.insert(userRoles).values({ userId, role: 'admin' });
      await tx.insert(profiles).values({ id: userId, name });
      return { userId, outcome: 'created' as const };
    }
    const userId = existing.id;
    const [role] = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
    const [credential] = await tx
      .select()
      .from(account)
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
    const passwordMatches = credential?.password ? await ctx.password.verify({ hash: credential.password, password: parsed.password }) : false;
    if (role?.role === 'admin' && passwordMatches) return { userId, outcome: 'unchanged' as const };

    if (credential) await tx.update(account).set({ password: hash, updatedAt: now }).where(eq(account.id, credential.id));
    else await tx.insert(account).values({ id: randomUUID(), accountId: userId, providerId: 'credential', userId, password: hash, createdAt: now, updatedAt: now });
    await tx
      .insert(userRoles)
      .values({ userId, role: 'admin' })
      .onConflictDoUpdate({ target: userRoles.userId, set: { role: 'admin' } });
    await tx.insert(profiles).values({ id: userId, name: existing.name }).onConflictDoNothing();
    return { userId, outcome: 'promoted' as const };
  });
};
