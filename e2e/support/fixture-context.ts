import { eq } from 'drizzle-orm';
import type { SignupRole } from '../../src/domain/constants';
import type { App } from '../../src/server/app';
import { user } from '../../src/server/db/schema';
import { createAccount } from '../../src/server/features/account/service';

export const FIXTURE_PASSWORD = 'fixture password 123';

/** What a fixture module gets: the real app (db, storage, services) and a way to make accounts. */
export const createFixtureContext = (app: App) => ({
  app,
  db: app.db,
  /** Creates an account through the sign-up service (role, profile in draft) and returns its id. */
  createUser: async (input: { role: SignupRole; name: string; email: string; password?: string; emailVerified?: boolean }) => {
    const { userId } = await createAccount(app, { role: input.role, name: input.name, email: input.email, password: input.password ?? FIXTURE_PASSWORD });
    if (input.emailVerified) await app.db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
    return userId;
  },
});

export type FixtureContext = ReturnType<typeof createFixtureContext>;
