import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { UserRole } from '../../src/domain/constants';
import { type TestContext, type TestUser, withTestContext } from '../support/harness';

/**
 * The authorization matrix: every registered /api route is called as anonymous, maker, mind, client and admin
 * (on a record id that is not theirs), and the answer must match the policy the route declared:
 * 401 for anonymous on a non-public route, 403 for a role outside the policy, and for an allowed role the answer
 * `expectedForAllowed` names: success for a list, 404 for a record that is not theirs, 400 for an empty change.
 * Nothing may answer 5xx.
 */
let ctx: TestContext;
const users = new Map<UserRole, TestUser>();
const ROLES: UserRole[] = ['maker', 'mind', 'client', 'admin'];

const freshUser = async (role: UserRole) => (role === 'admin' ? ctx.createAdmin() : ctx.signUp(role));

withTestContext(async (created) => {
  ctx = created;
  for (const role of ROLES) users.set(role, await freshUser(role));
});

const concreteUrl = (url: string) =>
  url.replace(/:[A-Za-z]+/g, () => randomUUID()).replace(/\*$/, 'profile-images/nobody/x.png');

/** A call that signs the caller out or deletes them must not poison the rows after it. */
const keepAlive = async (role: UserRole) => {
  const user = users.get(role)!;
  const me = await ctx.inject(user, { method: 'GET', url: '/api/account/me' });
  if (me.json().user === null) users.set(role, await freshUser(role));
};

const SUCCESS = [200, 201, 204];

/**
 * What a caller the policy lets through must get: a list or page (GET without a record id) answers with success;
 * a record id that is nobody's answers 404; a change with an empty body is refused by validation (400), or, for
 * the few that need no body, succeeds or meets the caller's own state (409); never anything else.
 */
const expectedForAllowed = (route: { method: string; url: string }, url: string): number[] => {
  const hasRecord = url !== route.url || route.url.includes('*');
  if (route.method === 'GET') return hasRecord ? [404] : SUCCESS;
  // 409: the caller's own state already rules the change out (an admin's address is verified when it is made).
  return hasRecord ? [400, 404] : [...SUCCESS, 400, 409];
};

describe('authorization matrix', () => {
  it('answers every route as its declared policy says, for every caller', async () => {
    const catalog = ctx.app.routeCatalog;
    expect(catalog.length).toBeGreaterThan(5);
    const failures: string[] = [];
    let cases = 0;

    for (const route of catalog) {
      const url = concreteUrl(route.url);
      const callers: Array<[string, UserRole | null]> = [['anonymous', null], ...ROLES.map((role): [string, UserRole] => [role, role])];
      for (const [label, role] of callers) {
        const user = role ? users.get(role)! : null;
        const response = await ctx.inject(user, {
          method: route.method as 'GET',
          url,
          // A fresh address per call, so the per-IP rate limits never stand in for the policy's answer.
          remoteAddress: `10.9.${Math.floor(cases / 250)}.${(cases % 250) + 1}`,
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        cases += 1;
        const status = response.statusCode;
        const where = `${route.method} ${route.url} as ${label}: ${status}`;
        if (status >= 500) failures.push(`${where} (server error)`);
        if (status === 429) failures.push(`${where} (rate-limited)`);
        const isPublic = route.access === 'public';
        const allowed = isPublic || route.access === 'authenticated' ? role !== null || isPublic : role !== null && route.access.includes(role);
        if (!role && !isPublic && status !== 401) failures.push(`${where}, expected 401`);
        if (role && !allowed && status !== 403) failures.push(`${where}, expected 403`);
        if (allowed && (status === 401 || status === 403)) failures.push(`${where}, expected the policy to let it through`);
        else if (allowed && !expectedForAllowed(route, url).includes(status)) failures.push(`${where}, expected ${expectedForAllowed(route, url).join(' or ')}`);
        if (role && status < 300 && route.method !== 'GET') await keepAlive(role);
      }
    }
    console.log(`authorization matrix: ${catalog.length} routes × 5 callers = ${cases} cases`);
    expect(failures).toEqual([]);
  }, 600_000);
});
