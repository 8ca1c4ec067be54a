import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { signInSchema, signUpSchema } from '../../../domain/auth-schemas';
import { AUTH_MESSAGES } from '../../../domain/messages';
import { errorBodySchema, sessionUserSchema } from '../../http/schemas';
import { forwardSetCookies, toFetchHeaders } from '../../http/headers';
import { HttpError, conflict, forbidden } from '../../http/errors';
import { auditLog } from '../../db/schema';
import { formatMoneyCents } from '../../../domain/payment-schemas';
import { creatorLedger } from '../payments/ledger';
import { rethrowIfDatabaseUnavailable } from '../../db/unavailable';
import { deleteUserCompletely } from './delete-user';
import { createAccount, signIn } from './service';

const userResponse = z.object({ user: sessionUserSchema });
/** A sign-up is a success once its account is committed; `user` is null (with a notice) when only its sign-in failed. */
const signUpResponse = z.object({ user: sessionUserSchema.nullable(), notice: z.string().optional() });

export const prefix = '/api/account';

export const DELETE_WITH_EARNINGS = (amount: string) =>
  `You have ${amount} in earnings not yet paid out. Ask for a payout under Earnings, and delete your account once it has been paid.`;

export const routes: FastifyPluginAsyncZod = async (app) => {
  const authLimit = { max: app.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' };

  app.post('/sign-up', {
    config: { access: 'public', rateLimit: authLimit },
    schema: {
      tags: ['account'],
      summary: 'Create an account with a role of maker, mind or client, and sign in',
      body: signUpSchema,
      response: { 201: signUpResponse, 400: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema },
    },
    handler: async (request, reply) => {
      await createAccount(app, request.body);
      // The account is committed in full by now, so the answer is success whatever follows. If the sign-in fails
      // (its session could not be stored), say so truthfully: the account exists and the person should log in.
      // Telling them sign-up failed would send them to try again, only to hear that their email is taken.
      const signedIn = await signIn(app, request.body, toFetchHeaders(request)).catch((error: unknown) => {
        request.log.error({ err: error }, 'sign-in after sign-up failed');
        return null;
      });
      if (!signedIn) return reply.status(201).send({ user: null, notice: AUTH_MESSAGES.signedUpNotSignedIn });
      forwardSetCookies(signedIn.headers, reply);
      return reply.status(201).send({ user: signedIn.user });
    },
  });

  app.post('/sign-in', {
    config: { access: 'public', rateLimit: authLimit },
    schema: {
      tags: ['account'],
      summary: 'Log in with email and password',
      body: signInSchema,
      response: { 200: userResponse, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema },
    },
    handler: async (request, reply) => {
      const { user, headers } = await signIn(app, request.body, toFetchHeaders(request));
      forwardSetCookies(headers, reply);
      return { user };
    },
  });

  app.post('/sign-out', {
    config: { access: 'public' },
    schema: { tags: ['account'], summary: 'Log out and invalidate the session on the server', response: { 204: z.null() } },
    handler: async (request, reply) => {
      // No session to end is still a sign-out; a database that could not be reached is not: the session would live on.
      const result = await app.auth.api.signOut({ headers: toFetchHeaders(request), returnHeaders: true }).catch((error: unknown) => {
        rethrowIfDatabaseUnavailable(error);
        return null;
      });
      if (result) forwardSetCookies(result.headers, reply);
      return reply.status(204).send(null);
    },
  });

  app.get('/me', {
    // Public so that a signed-out visitor gets `{ user: null }` rather than an error on every page load.
    config: { access: 'public' },
    schema: {
      tags: ['account'],
      summary: 'The signed-in user and their role, or null when signed out',
      response: { 200: z.object({ user: sessionUserSchema.nullable() }), 403: errorBodySchema },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const auth = await request.resolveAuth();
      if (!auth) return { user: null };
      return {
        user: { id: auth.userId, name: auth.name, email: auth.email, emailVerified: auth.emailVerified, image: auth.image, role: auth.role },
      };
    },
  });

  app.post('/resend-verification', {
    config: { access: 'authenticated', rateLimit: { max: 3, timeWindow: '10 minutes' } },
    schema: { tags: ['account'], summary: 'Send the email-verification link again', response: { 204: z.null(), 409: errorBodySchema } },
    handler: async (request, reply) => {
      const auth = await request.requireAuth();
      if (auth.emailVerified) throw new HttpError(409, 'already_verified', 'Your email address is already verified.');
      await app.auth.api.sendVerificationEmail({ body: { email: auth.email, callbackURL: '/?verified=1' } });
      return reply.status(204).send(null);
    },
  });

  app.delete('/', {
    config: { access: ['maker', 'mind', 'client'], rateLimit: { max: 5, timeWindow: '1 minute' } },
    schema: {
      tags: ['account'],
      summary: 'Delete your own account and everything that is yours (profiles, portfolio, process docs, files), then sign out',
      response: { 204: z.null(), 401: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema },
    },
    handler: async (request, reply) => {
      const auth = await request.requireAuth();
      // The product's rule: an admin cannot delete their own account (someone must always be there to run the platform).
      if (auth.role === 'admin') throw forbidden('Admins cannot delete their own account.');
      await deleteUserCompletely(app, auth.userId, async (tx) => {
        // Decision 183: a creator's earnings are theirs; deleting the account would leave them owed to no one.
        if (auth.role === 'maker' || auth.role === 'mind') {
          const { payableCents } = await creatorLedger(tx, auth.userId);
          if (payableCents > 0) throw conflict(DELETE_WITH_EARNINGS(formatMoneyCents(payableCents)));
        }
        await tx.insert(auditLog).values({ actorId: null, action: 'account.self_deleted', targetType: 'user', targetId: auth.userId });
      });
      // The session row went with the user; signing out still clears the browser's cookie.
      const result = await app.auth.api.signOut({ headers: toFetchHeaders(request), returnHeaders: true }).catch(() => null);
      if (result) forwardSetCookies(result.headers, reply);
      return reply.status(204).send(null);
    },
  });
};
