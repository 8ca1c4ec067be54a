import { describe, expect, it } from 'vitest';
import type { NotificationHandlers } from '../db/notifications';
import type { AuthContext } from '../types';
import { createSessionCache, type ResolvedSession } from './session-cache';

/** A listening connection the test drives: notifications, connection state and the sync barrier. */
const fakeListener = () => {
  let handlers: NotificationHandlers | null = null;
  let syncFails = false;
  let beforeSync: () => void = () => undefined;
  return {
    listen: (_channel: string, given: NotificationHandlers) => {
      handlers = given;
      return {
        sync: async () => {
          beforeSync();
          if (syncFails) throw new Error('not listening');
        },
        close: async () => undefined,
      };
    },
    notify: (payload: string) => handlers?.onNotify(payload),
    setListening: (listening: boolean) => handlers?.onState(listening),
    failSync: (fails: boolean) => (syncFails = fails),
    /** Runs while a hit waits for the barrier: a notification that arrives in between. */
    duringSync: (run: () => void) => (beforeSync = run),
  };
};

const auth = (userId: string, role: AuthContext['role'] = 'client'): AuthContext => ({
  userId,
  sessionId: `session-${userId}`,
  role,
  name: userId,
  email: `${userId}@example.com`,
  emailVerified: true,
  image: null,
});

const setup = (ttlMs = 30_000) => {
  const listener = fakeListener();
  const cache = createSessionCache({ listen: listener.listen, ttlMs });
  let loads = 0;
  let current: ResolvedSession | null = { auth: auth('u1'), expiresAt: new Date(Date.now() + 3_600_000) };
  let duringLoad: () => void = () => undefined;
  const resolve = (key = 'cookie-1') =>
    cache.resolve(key, async () => {
      loads += 1;
      const answer = current;
      duringLoad();
      return answer;
    });
  return {
    cache,
    listener,
    resolve,
    loads: () => loads,
    answer: (next: ResolvedSession | null) => (current = next),
    duringLoad: (run: () => void) => (duringLoad = run),
  };
};

describe('the session cache', () => {
  it('keeps nothing until its listening connection is up, then serves repeats from memory', async () => {
    const s = setup();
    await s.resolve();
    await s.resolve();
    expect(s.loads()).toBe(2);
    s.listener.setListening(true);
    await s.resolve();
    expect(await s.resolve()).toMatchObject({ userId: 'u1', role: 'client' });
    expect(s.loads()).toBe(3);
    expect(s.cache.hits).toBe(1);
  });

  it("forgets a user's sessions when they are named, and everyone's on '*'", async () => {
    const s = setup();
    s.listener.setListening(true);
    await s.resolve('a');
    s.answer({ auth: auth('u2'), expiresAt: new Date(Date.now() + 3_600_000) });
    await s.resolve('b');
    s.listener.notify('u9,u1');
    await s.resolve('a');
    await s.resolve('b');
    expect(s.loads()).toBe(3);
    s.listener.notify('*');
    await s.resolve('b');
    expect(s.loads()).toBe(4);
  });

  it('does not keep a lookup that a notification overlapped (it may have read what was just changed)', async () => {
    const s = setup();
    s.listener.setListening(true);
    s.duringLoad(() => s.listener.notify('u1'));
    await s.resolve();
    s.duringLoad(() => undefined);
    await s.resolve();
    expect(s.loads()).toBe(2);
  });

  it('does not serve a hit that a notification reached while it waited for the barrier', async () => {
    const s = setup();
    s.listener.setListening(true);
    await s.resolve();
    s.listener.duringSync(() => s.listener.notify('u1'));
    s.answer(null);
    expect(await s.resolve()).toBeNull();
    expect(s.loads()).toBe(2);
  });

  it('reads the database while the barrier fails, and empties itself when the connection drops', async () => {
    const s = setup();
    s.listener.setListening(true);
    await s.resolve();
    s.listener.failSync(true);
    await s.resolve();
    expect(s.loads()).toBe(2);
    s.listener.failSync(false);
    s.listener.setListening(false);
    s.listener.setListening(true);
    await s.resolve();
    expect(s.loads()).toBe(3);
  });

  it('never keeps a session past its expiry, and keeps nothing with a time to live of 0', async () => {
    const s = setup();
    s.listener.setListening(true);
    s.answer({ auth: auth('u1'), expiresAt: new Date(Date.now() - 1000) });
    await s.resolve();
    await s.resolve();
    expect(s.loads()).toBe(2);
    const off = setup(0);
    off.listener.setListening(true);
    await off.resolve();
    await off.resolve();
    expect(off.loads()).toBe(2);
  });
});
