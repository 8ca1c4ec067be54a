import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { APIError } from 'better-auth/api';
import { createEmailVerificationToken } from 'better-auth/api';
import type { SignInInput, SignUpInput } from '../../../domain/auth-schemas';
import type { UserRole } from '../../../domain/constants';
import { AUTH_MESSAGES } from '../../../domain/messages';
import type { SessionUser } from '../../../domain/api-types';
import type { Transaction } from '../../db/client';
import { outcomeOfFailedWrite, rethrowIfDatabaseUnavailable } from '../../db/unavailable';
import { account, clientProfiles, makerProfiles, mindProfiles, profiles, user, userRoles } from '../../db/schema';
import { HttpError, conflict } from '../../http/errors';
import { welcomeEmail } from '../../mail/templates';
import { lookupRole } from '../../plugins/access';

const VERIFY_TOKEN_SECONDS = 60 * 60 * 24 * 3;

export const buildVerificationUrl = async (app: FastifyInstance, email: string): Promise<string> => {
  const token = await createEmailVerificationToken(app.config.AUTH_SECRET, email, undefined, VERIFY_TOKEN_SECONDS);
  return `${app.config.PUBLIC_URL}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent('/?verified=1')}`;
};

const insertRoleProfile = async (tx: Transaction, userId: string, role: UserRole) => {
  // Creators start as draft: they become visible only after onboarding and an admin's approval.
  if (role === 'maker') await tx.insert(makerProfiles).values({ userId, applicationStatus: 'draft' });
  if (role === 'mind') await tx.insert(mindProfiles).values({ userId, applicationStatus: 'draft' });
  if (role === 'client') await tx.insert(clientProfiles).values({ userId, applicationStatus: 'draft' });
};

/**
 * The product's sign-up sequence in one transaction (decision 002): account, role (read back), profile and the
 * welcome email either all exist or none do, so no half-made account can be left behind.
 */
export const createAccount = async (app: FastifyInstance, input: SignUpInput): Promise<{ userId: string }> => {
  const email = input.email.toLowerCase();
  const ctx = await app.auth.$context;
  const passwordHash = await ctx.password.hash(input.password);
  const userId = randomUUID();
  const verifyUrl = await buildVerificationUrl(app, email);

  try {
    await app.db.transaction(async (tx) => {
      const [existing] = await tx.select({ id: user.id }).from(user).where(sql`lower(${user.email}) = ${email}`).limit(1);
      if (existing) throw conflict(AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });

      const now = new Date();
      const [created] = await tx
        .insert(user)
        .values({ id: userId, name: input.name, email, emailVerified: false, createdAt: now, updatedAt: now })
        .returning({ id: user.id });
      // The product's message 'Failed to create user account' when the account write returns no user (nothing is kept).
      if (!created) throw new HttpError(500, 'create_user_failed', AUTH_MESSAGES.createUserFailed);
      await tx.insert(account).values({
        id: randomUUID(),
        accountId: userId,
        providerId: 'credential',
        userId,
        password: passwordHash,
        createdAt: now,
        updatedAt: now,
      });
      await tx.insert(userRoles).values({ userId, role: input.role });
      const [stored] = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
      if (stored?.role !== input.role) throw new HttpError(500, 'setup_verification_failed', AUTH_MESSAGES.setupVerificationFailed);
      await tx.insert(profiles).values({ id: userId, name: input.name });
      await insertRoleProfile(tx, userId, input.role);
      await app.mailer.enqueue(
        welcomeEmail({ siteName: app.config.SITE_NAME, to: email, name: input.name, role: input.role, verifyUrl }),
        tx,
      );
    });
  } catch (error) {
    if (error instanceof HttpError && (error.statusCode < 500 || error.code === 'create_user_failed')) throw error;
    // A unique violation here means a concurrent sign-up won the race for this email.
    if (isUniqueViolation(error)) throw conflict(AUTH_MESSAGES.emailTaken, { email: AUTH_MESSAGES.emailTaken });
    // A lost connection may have lost only COMMIT's answer (decision 217): an account that is there was made, and
    // saying "try again" would send the person to a 409 'email taken'. The caller goes on to sign them in.
    const outcome = await outcomeOfFailedWrite(error, async () => (await app.db.select({ id: user.id }).from(user).where(eq(user.id, userId))).length > 0);
    if (outcome === 'committed') return { userId };
    rethrowIfDatabaseUnavailable(error);
    app.log.error({ err: error }, 'sign-up transaction failed');
    throw new HttpError(500, 'setup_failed', AUTH_MESSAGES.setupFailed);
  }
  return { userId };
};

const isUniqueViolation = (error: unknown): boolean => {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
};

/** Signs in through better-auth and returns its Set-Cookie headers; refuses accounts without a role. */
export const signIn = async (app: FastifyInstance, input: SignInInput, requestHeaders: Headers) => {
  let result;
  try {
    result = await app.auth.api.signInEmail({
      body: { email: input.email.toLowerCase(), password: input.password },
      headers: requestHeaders,
      returnHeaders: true,
    });
  } catch (error) {
    if (error instanceof APIError && (error.statusCode === 401 || error.statusCode === 400)) {
      throw new HttpError(401, 'invalid_credentials', AUTH_MESSAGES.invalidCredentials);
    }
    throw error;
  }
  const signedIn = result.response;
  if (!signedIn?.user) throw new HttpError(401, 'login_failed', AUTH_MESSAGES.loginFailed);

  let role: UserRole | null;
  try {
    role = await lookupRole(app, signedIn.user.id);
  } catch (error) {
    rethrowIfDatabaseUnavailable(error);
    app.log.error({ err: error }, 'role lookup failed at sign-in');
    throw new HttpError(500, 'verify_failed', AUTH_MESSAGES.verifyAccountFailed);
  }
  if (!role) {
    // Without a role the session is useless; revoke it rather than leave a half-logged-in browser.
    await app.auth.api.revokeSession({ body: { token: signedIn.token }, headers: sessionHeaders(result.headers) }).catch(() => undefined);
    throw new HttpError(403, 'account_incomplete', AUTH_MESSAGES.setupIncomplete);
  }
  const sessionUser: SessionUser = {
    id: signedIn.user.id,
    name: signedIn.user.name,
    email: signedIn.user.email,
    emailVerified: signedIn.user.emailVerified,
    image: signedIn.user.image ?? null,
    role,
  };
  return { user: sessionUser, headers: result.headers };
};

/** Turns Set-Cookie response headers into a Cookie request header (to act as the new session). */
const sessionHeaders = (responseHeaders: Headers): Headers => {
  const cookie = responseHeaders
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  return new Headers({ cookie });
};
