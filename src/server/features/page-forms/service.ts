import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requestPasswordResetSchema, RESET_PASSWORD_PATH, resetPasswordSchema } from '../../../domain/auth-schemas';
import { keptValues, PASSWORD_RESET_DONE_PARAM, SENT_PARAM, type PostedForm, type PostedFormName } from '../../../domain/posted-form';
import { dashboardPath, onboardPath, parseSignupRole, safeRedirectPath } from '../../../domain/routes';
import type { UserRole } from '../../../domain/constants';
import { CREDENTIAL_MAX_LENGTH, verifyCredentialSchema } from '../../../domain/seal-credential-schemas';

/** What each form posts to its JSON route: the fields it has, and the ones worth giving back (never a password). */
const FORMS: Record<PostedFormName, { fields: readonly string[]; kept: readonly string[] }> = {
  login: { fields: ['email', 'password'], kept: ['email'] },
  signup: { fields: ['name', 'email', 'password', 'role'], kept: ['name', 'email', 'role'] },
  contact: { fields: ['name', 'email', 'message', 'website'], kept: ['name', 'email', 'message'] },
  'creator-contact': { fields: ['name', 'email', 'message', 'website'], kept: ['name', 'email', 'message'] },
  'reset-request': { fields: ['email'], kept: ['email'] },
  'reset-password': { fields: ['newPassword', 'confirmPassword'], kept: [] },
  verify: { fields: ['credential'], kept: ['credential'] },
};

/** The JSON route that does each form's work, so both ways in share its validation, rules and rate-limit counter. */
const jsonRoute = (form: PostedFormName, query: URLSearchParams): string | null => {
  if (form === 'login') return '/api/account/sign-in';
  if (form === 'signup') return '/api/account/sign-up';
  if (form === 'contact') return '/api/contact';
  if (form === 'reset-request') return '/api/auth/request-password-reset';
  if (form === 'reset-password') return '/api/auth/reset-password';
  const creatorId = query.get('contact');
  return creatorId ? `/api/contact/creators/${encodeURIComponent(creatorId)}` : null;
};

interface JsonAnswer {
  statusCode: number;
  body: { user?: { role: UserRole } | null; notice?: string; message?: string; fields?: Record<string, string> };
  cookies: string[];
}

/**
 * Asks the form's JSON route, as this visitor: the same address (for its rate limit), cookies and browser. The
 * page route has already passed the Origin check (plugins/security.ts) that every state-changing request meets.
 */
const askJsonRoute = async (app: FastifyInstance, request: FastifyRequest, url: string, payload: Record<string, string | undefined>): Promise<JsonAnswer> => {
  const forwarded: Record<string, string> = { 'content-type': 'application/json', 'x-request-id': request.id };
  for (const name of ['cookie', 'user-agent', 'accept-language', 'origin'] as const) {
    const value = request.headers[name];
    if (typeof value === 'string') forwarded[name] = value;
  }
  const response = await app.inject({ method: 'POST', url, headers: forwarded, remoteAddress: request.ip, payload: JSON.stringify(payload) });
  let body: JsonAnswer['body'];
  try {
    body = response.json();
  } catch {
    body = {};
  }
  const setCookie = response.headers['set-cookie'];
  return { statusCode: response.statusCode, body, cookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie] };
};

/** The page's own address, plus `sent=1` once a message is on its way. */
const sentAddress = (pathname: string, query: URLSearchParams): string => {
  const params = new URLSearchParams(query);
  params.set(SENT_PARAM, '1');
  return `${pathname}?${params.toString()}`;
};

/**
 * /verify's form, posted without scripts: the page is rendered with the check's answer in its first paint
 * (plugins/web.ts reads the posted credential), or with the field's message. A post, not a GET with the credential in
 * the address: a long paste would pass the server's 16 KB limit on a request's head and get a bare 431.
 */
const verifyPosted = async (app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, credential: string): Promise<FastifyReply> => {
  const values = { credential: credential.slice(0, CREDENTIAL_MAX_LENGTH + 1) };
  const checked = verifyCredentialSchema.safeParse({ credential });
  if (!checked.success) return app.sendPage(request, reply, 400, { form: 'verify', values, errors: { credential: checked.error.issues[0].message } });
  return app.sendPage(request, reply, 200, { form: 'verify', values: { credential: checked.data.credential }, errors: {} });
};

/**
 * A public page's form, posted natively (docs/decisions/105-forms-before-scripts.md). Success answers 303 with the
 * destination the app would go to (and the session cookie for log-in and sign-up); anything else renders the page
 * again with the values entered and the JSON route's messages, with that route's status.
 */
export const handlePagePost = async (
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  form: PostedFormName,
  body: Record<string, string | undefined>,
): Promise<FastifyReply> => {
  if (form === 'verify') return verifyPosted(app, request, reply, body.credential ?? '');
  const address = new URL(request.url, 'http://x');
  const route = jsonRoute(form, address.searchParams);
  const spec = FORMS[form];
  const values = keptValues(body, spec.kept);
  if (!route) return app.sendPage(request, reply, 404, { form, values, errors: {}, message: 'Creator Not Found' });

  let payload: Record<string, string | undefined> = Object.fromEntries(spec.fields.map((field) => [field, body[field]]));
  // The reset routes are better-auth's, which answer a bad field with one message: these forms are checked here first,
  // with the app's own schemas, so the page shows a message per field as the app does.
  const refuse = (issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) => {
    const errors: Record<string, string> = {};
    for (const issue of issues) errors[String(issue.path[0])] ??= issue.message;
    return app.sendPage(request, reply, 400, { form, values, errors });
  };
  if (form === 'reset-request') {
    const checked = requestPasswordResetSchema.safeParse({ email: body.email ?? '' });
    if (!checked.success) return refuse(checked.error.issues);
    payload = { email: checked.data.email, redirectTo: RESET_PASSWORD_PATH };
  }
  if (form === 'reset-password') {
    // The confirmation is the page's own check: the JSON route takes the new password alone.
    const checked = resetPasswordSchema.safeParse({ newPassword: body.newPassword ?? '', confirmPassword: body.confirmPassword ?? '' });
    if (!checked.success) return refuse(checked.error.issues);
    payload = { newPassword: checked.data.newPassword, token: address.searchParams.get('token') ?? '' };
  }
  const answer = await askJsonRoute(app, request, route, payload);
  const succeeded = answer.statusCode >= 200 && answer.statusCode < 300;

  if (succeeded && (form === 'contact' || form === 'creator-contact' || form === 'reset-request')) {
    return reply.redirect(sentAddress(address.pathname, address.searchParams), 303);
  }
  if (succeeded && form === 'reset-password') return reply.redirect(`/auth?${PASSWORD_RESET_DONE_PARAM}=1`, 303);
  if (form === 'reset-password' && !answer.body.fields && answer.statusCode < 500) {
    // An expired or used token: the app's own words for it. A fault of ours (503, database unavailable) says so below.
    return app.sendPage(request, reply, answer.statusCode, { form, values, errors: {}, message: 'This reset link has expired or is invalid. Please ask for a new one.' });
  }
  if (succeeded && answer.body.user) {
    reply.header('set-cookie', answer.cookies);
    const redirectTo = safeRedirectPath(address.searchParams.get('redirect'));
    const destination = form === 'signup' ? onboardPath(parseSignupRole(body.role), redirectTo) : (redirectTo ?? dashboardPath(answer.body.user.role));
    return reply.redirect(destination, 303);
  }

  // A sign-up whose account exists but whose session could not be made: say so, as the app does with a toast.
  const posted: PostedForm = {
    form,
    values,
    errors: Object.fromEntries(Object.entries(answer.body.fields ?? {}).filter(([field]) => spec.fields.includes(field))),
    ...((answer.body.notice ?? answer.body.message) ? { message: answer.body.notice ?? answer.body.message } : {}),
  };
  // Field messages speak for themselves; the summary is kept for what no field shows (wrong password, rate limit).
  if (Object.keys(posted.errors).length > 0) delete posted.message;
  return app.sendPage(request, reply, succeeded ? 200 : answer.statusCode, posted);
};
