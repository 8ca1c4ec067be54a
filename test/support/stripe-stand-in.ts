import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the few Stripe endpoints the Stripe provider calls (decision 171), so the outgoing calls can be
 * tested on a machine that cannot reach Stripe. It speaks the SDK's wire format (form-encoded bodies with bracketed
 * keys, JSON answers shaped like Stripe's), records every request with its Idempotency-Key, and replays the first
 * answer for a repeated key as Stripe does, refusals included (a different body under a used key is refused, as Stripe
 * does too).
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  idempotencyKey: string | null;
  body: Record<string, unknown>;
}

type StripeObject = Record<string, unknown> & { id: string };

/** Turns `a[b][0][c]=1` pairs into nested objects and arrays, as Stripe reads them. */
export const parseStripeForm = (raw: string): Record<string, unknown> => {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) {
        node[part] = value;
        return;
      }
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    });
  }
  return root;
};

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const asInt = (value: unknown) => Number.parseInt(String(value), 10);

export const startStripeStandIn = async () => {
  const requests: RecordedRequest[] = [];
  const replies = new Map<string, { body: string; status: number; answer: unknown }>();
  const sessions = new Map<string, StripeObject>();
  const accounts = new Map<string, StripeObject>();
  const transfers: StripeObject[] = [];
  const refunds: StripeObject[] = [];
  const failures: Array<{ method: string; path: string; status: number }> = [];

  const error = (status: number, message: string, type = 'invalid_request_error') => ({ status, answer: { error: { type, message } } });

  const route = (method: string, path: string, query: URLSearchParams, body: Record<string, unknown>): { status: number; answer: unknown } => {
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const items = (body.line_items as Record<string, { price_data: { unit_amount: string; currency: string } }>) ?? {};
      const amount = Object.values(items).reduce((sum, item) => sum + asInt(item.price_data.unit_amount), 0);
      const session: StripeObject = {
        id: id('cs'),
        object: 'checkout.session',
        mode: body.mode,
        amount_total: amount,
        currency: Object.values(items)[0]?.price_data.currency ?? 'usd',
        client_reference_id: body.client_reference_id ?? null,
        metadata: body.metadata ?? {},
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        status: 'open',
        payment_status: 'unpaid',
        payment_intent: null,
        created: now(),
        livemode: false,
      };
      session.url = `https://checkout.stripe.com/c/pay/${session.id}`;
      sessions.set(session.id, session);
      return { status: 200, answer: session };
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
    if (method === 'GET' && sessionMatch) {
      const session = sessions.get(sessionMatch[1]);
      return session ? { status: 200, answer: session } : error(404, `No such checkout.session: '${sessionMatch[1]}'`);
    }
    if (method === 'POST' && path === '/v1/accounts') {
      const account: StripeObject = {
        id: id('acct'),
        object: 'account',
        type: body.type,
        email: body.email ?? null,
        metadata: body.metadata ?? {},
        charges_enabled: false,
        payouts_enabled: false,
        details_submitted: false,
        // Each capability asked for starts inactive, until onboarding gives Stripe what it needs.
        capabilities: Object.fromEntries(Object.keys((body.capabilities as Record<string, unknown>) ?? {}).map((name) => [name, 'inactive'])),
        created: now(),
      };
      accounts.set(account.id, account);
      return { status: 200, answer: account };
    }
    const accountMatch = /^\/v1\/accounts\/([\w]+)$/.exec(path);
    if (method === 'GET' && accountMatch) {
      const account = accounts.get(accountMatch[1]);
      return account ? { status: 200, answer: account } : error(404, `No such account: '${accountMatch[1]}'`);
    }
    if (method === 'POST' && path === '/v1/account_links') {
      if (!accounts.has(String(body.account))) return error(400, `No such account: '${String(body.account)}'`);
      return {
        status: 200,
        answer: { object: 'account_link', created: now(), expires_at: now() + 300, url: `https://connect.stripe.com/setup/e/${String(body.account)}/${randomBytes(8).toString('hex')}` },
      };
    }
    if (method === 'POST' && path === '/v1/transfers') {
      if (!accounts.has(String(body.destination))) return error(400, `No such destination: '${String(body.destination)}'`);
      const transfer: StripeObject = {
        id: id('tr'),
        object: 'transfer',
        amount: asInt(body.amount),
        currency: body.currency,
        destination: body.destination,
        transfer_group: body.transfer_group ?? null,
        metadata: body.metadata ?? {},
        reversed: false,
        created: now(),
      };
      transfers.push(transfer);
      return { status: 200, answer: transfer };
    }
    if (method === 'GET' && path === '/v1/transfers') {
      const group = query.get('transfer_group');
      const data = transfers.filter((transfer) => group === null || transfer.transfer_group === group).reverse();
      return { status: 200, answer: { object: 'list', url: '/v1/transfers', has_more: false, data } };
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const intent = query.get('payment_intent');
      const data = refunds.filter((refund) => intent === null || refund.payment_intent === intent).reverse();
      return { status: 200, answer: { object: 'list', url: '/v1/refunds', has_more: false, data } };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const known = [...sessions.values()].some((session) => session.payment_intent === body.payment_intent);
      if (!known) return error(400, `No such payment_intent: '${String(body.payment_intent)}'`);
      const refund: StripeObject = {
        id: id('re'),
        object: 'refund',
        amount: asInt(body.amount),
        currency: 'usd',
        payment_intent: body.payment_intent,
        metadata: body.metadata ?? {},
        status: 'succeeded',
        created: now(),
      };
      refunds.push(refund);
      return { status: 200, answer: refund };
    }
    return error(404, `Unrecognized request URL (${method}: ${path}).`);
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const raw = Buffer.concat(chunks).toString('utf8');
      const key = typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
      const method = request.method ?? 'GET';
      requests.push({ method, path: url.pathname, query: url.searchParams, idempotencyKey: key, body: parseStripeForm(raw) });

      let reply: { status: number; answer: unknown };
      const failure = failures.findIndex((entry) => entry.method === method && entry.path === url.pathname);
      const previous = key ? replies.get(key) : undefined;
      if (failure >= 0) {
        reply = error(failures.splice(failure, 1)[0].status, 'The stand-in was told to fail this call.', 'api_error');
        // A refusal (4xx) is kept under its key like any answer, so the same key is refused again (see below).
        if (key && reply.status < 500) replies.set(key, { body: raw, ...reply });
      } else if (previous && previous.body !== raw) {
        reply = error(400, `Keys for idempotent requests can only be used with the same parameters they were first used with.`, 'idempotency_error');
      } else if (previous) {
        reply = previous;
      } else {
        reply = route(method, url.pathname, url.searchParams, parseStripeForm(raw));
        // Stripe keeps the answer to a keyed request, errors from its own servers (5xx) excepted.
        if (key && reply.status < 500) replies.set(key, { body: raw, ...reply });
      }
      response.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
      response.end(JSON.stringify(reply.answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    transfers,
    refunds,
    /** How many Checkout Sessions it has made (a replayed key makes none). */
    sessionCount: () => sessions.size,
    /** The requests to one endpoint, in order. */
    calls: (method: string, path: string) => requests.filter((request) => request.method === method && request.path === path),
    /**
     * The next call to this endpoint answers with this status (as an outage or a rejection would). A rejection (4xx)
     * is kept under the call's Idempotency-Key, as Stripe keeps it: a retry under the same key is refused again.
     */
    failNext: (method: string, path: string, status = 500) => failures.push({ method, path, status }),
    /** What Stripe would do when the client pays: the session completes with a PaymentIntent. */
    paySession: (sessionId: string): StripeObject => {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`the stand-in made no session ${sessionId}`);
      Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: id('pi') });
      return { ...session };
    },
    /**
     * What Stripe would do when the creator finishes onboarding: the transfers capability becomes active. An account
     * under Stripe's recipient agreement (`recipient: true`) takes transfers but can never take charges.
     */
    completeOnboarding: (accountId: string, options: { recipient?: boolean } = {}): StripeObject => {
      const account = accounts.get(accountId);
      if (!account) throw new Error(`the stand-in made no account ${accountId}`);
      Object.assign(account, { charges_enabled: !options.recipient, payouts_enabled: true, details_submitted: true, capabilities: { transfers: 'active' } });
      return { ...account };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
