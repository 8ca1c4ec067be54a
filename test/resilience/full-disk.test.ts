import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { profiles, projects, verification } from '../../src/server/db/schema';
import { createLocalDriver } from '../../src/server/storage/driver';
import { DATABASE_FULL_MESSAGE, STORAGE_FULL_MESSAGE } from '../../src/server/storage/out-of-space';
import { createResourceWatch } from '../../src/server/features/health/resources';
import { createTestContext, type TestContext, type TestUser } from '../support/harness';
import { acceptedProject, approveMaker, multipart, onboardedClient, pngBuffer } from '../support/project-fixtures';

/** Every file under `dir`, recursively, as paths relative to it. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => statSync(path.join(dir, name)).isFile());

const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28, syscall: 'write' });

const uploadAvatar = async (ctx: TestContext, maker: TestUser) => {
  const body = multipart({ data: await pngBuffer('#335577', 64), filename: 'avatar.png', contentType: 'image/png' });
  return ctx.inject(maker, { method: 'POST', url: '/api/uploads/profile-image', payload: body.payload, headers: body.headers });
};

describe('uploads when the storage fills up halfway through a write', () => {
  let ctx: TestContext;
  let maker: TestUser;
  const root = mkdtempSync(path.join(tmpdir(), 'hm-enospc-'));
  let failing = true;

  beforeAll(async () => {
    // The real local driver, whose file system writes half the bytes and then finds the disk full.
    const driver = createLocalDriver(root, {
      writeFile: async (file, data) => {
        if (!failing) return writeFile(file, data);
        await writeFile(file, data.subarray(0, Math.floor(data.length / 2)));
        throw enospc();
      },
    });
    ctx = await createTestContext({ storageDriver: driver });
    maker = await ctx.signUp('maker');
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers 507 with what happened and when to try, and leaves no temporary file', async () => {
    const response = await uploadAvatar(ctx, maker);
    expect(response.statusCode).toBe(507);
    expect(response.json()).toEqual({ error: 'storage_full', message: STORAGE_FULL_MESSAGE });
    expect(filesUnder(root)).toEqual([]);
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, maker.id));
    expect(profile.avatarUrl).toBeNull();
  });

  it('a deliverable, at its own path, answers 507 the same way and leaves the project as it was', async () => {
    const [client, creator] = [await onboardedClient(ctx), await approveMaker(ctx)];
    const id = await acceptedProject(ctx, client, creator);
    const body = multipart({ data: await pngBuffer('#553311', 64), filename: 'final.png', contentType: 'image/png' });
    const response = await ctx.inject(creator, { method: 'POST', url: `/api/projects/${id}/deliverable`, payload: body.payload, headers: body.headers });
    expect(response.statusCode).toBe(507);
    expect(filesUnder(root)).toEqual([]);
    const [project] = await ctx.db.select().from(projects).where(eq(projects.id, id));
    expect(project).toMatchObject({ status: 'active', deliverableUrl: null });
  });

  it('every later failure leaves nothing either, and the upload works once there is space again', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await uploadAvatar(ctx, maker)).statusCode).toBe(507);
    expect(filesUnder(root).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    failing = false;
    const response = await uploadAvatar(ctx, maker);
    expect(response.statusCode).toBe(201);
    expect(filesUnder(root).some((name) => name.endsWith('.tmp'))).toBe(false);
    expect(filesUnder(root).length).toBeGreaterThan(0);
  });
});

describe('an image stored whole whose thumbnail then finds the disk full', () => {
  let ctx: TestContext;
  const root = mkdtempSync(path.join(tmpdir(), 'hm-enospc-thumb-'));

  beforeAll(async () => {
    const driver = createLocalDriver(root, {
      writeFile: async (file, data) => {
        if (file.includes('.thumb.webp')) throw enospc();
        return writeFile(file, data);
      },
    });
    ctx = await createTestContext({ storageDriver: driver });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers 507 and removes the image it wrote, which no row points at', async () => {
    const [client, creator] = [await onboardedClient(ctx), await approveMaker(ctx)];
    const id = await acceptedProject(ctx, client, creator);
    const body = multipart({ data: await pngBuffer('#225544', 64), filename: 'final.png', contentType: 'image/png' });
    const response = await ctx.inject(creator, { method: 'POST', url: `/api/projects/${id}/deliverable`, payload: body.payload, headers: body.headers });
    expect(response.statusCode).toBe(507);
    expect(response.json()).toEqual({ error: 'storage_full', message: STORAGE_FULL_MESSAGE });
    expect(filesUnder(root)).toEqual([]);
  });
});

describe('the database out of disk', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  it('answers 503 with a clear message, and health says degraded while it lasts', async () => {
    // PostgreSQL's own refusal (SQLSTATE 53100 disk_full), raised where a sign-up writes.
    await ctx.db.execute(
      sql.raw(`create function refuse_for_disk() returns trigger language plpgsql as $$ begin raise exception 'could not extend file "base/1/2": No space left on device' using errcode = '53100'; end $$`),
    );
    await ctx.db.execute(sql.raw(`create trigger refuse_for_disk before insert on profiles for each row execute function refuse_for_disk()`));
    try {
      const response = await ctx.inject(null, {
        method: 'POST',
        url: '/api/account/sign-up',
        payload: { name: 'Disk Full', email: 'disk-full@example.com', password: 'a good long password', role: 'client' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ error: 'database_full', message: DATABASE_FULL_MESSAGE });
      const health = await ctx.inject(null, { method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json().status).toBe('degraded');
      expect(health.json().problems.join(' ')).toMatch(/refused a write for lack of disk space/);
    } finally {
      await ctx.db.execute(sql.raw(`drop trigger refuse_for_disk on profiles`));
      await ctx.db.execute(sql.raw(`drop function refuse_for_disk()`));
    }
    // Nothing of the refused sign-up was kept.
    const again = await ctx.inject(null, {
      method: 'POST',
      url: '/api/account/sign-up',
      payload: { name: 'Disk Full', email: 'disk-full@example.com', password: 'a good long password', role: 'client' },
    });
    expect(again.statusCode).toBe(201);
  });

  /** Makes every `op` on `table` fail the way PostgreSQL does when its disk is full; returns the undo. */
  const refuseForDisk = async (table: string, op: 'insert' | 'update') => {
    await ctx.db.execute(
      sql.raw(`create function refuse_${table}() returns trigger language plpgsql as $$ begin raise exception 'could not extend file "base/1/2": No space left on device' using errcode = '53100'; end $$`),
    );
    await ctx.db.execute(sql.raw(`create trigger refuse_${table} before ${op} on "${table}" for each row execute function refuse_${table}()`));
    return async () => {
      await ctx.db.execute(sql.raw(`drop trigger refuse_${table} on "${table}"`));
      await ctx.db.execute(sql.raw(`drop function refuse_${table}()`));
    };
  };

  it("better-auth's own routes say the same, not an empty 500, and a refused reset keeps its link", async () => {
    const person = await ctx.signUp('client');
    let undo = await refuseForDisk('verification', 'insert');
    try {
      const asked = await ctx.inject(null, { method: 'POST', url: '/api/auth/request-password-reset', payload: { email: person.email, redirectTo: '/reset-password' } });
      expect(asked.statusCode).toBe(503);
      expect(asked.json()).toEqual({ error: 'database_full', message: DATABASE_FULL_MESSAGE });
    } finally {
      await undo();
    }

    const asked = await ctx.inject(null, { method: 'POST', url: '/api/auth/request-password-reset', payload: { email: person.email, redirectTo: '/reset-password' } });
    expect(asked.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(verification).where(like(verification.identifier, 'reset-password:%'));
    const token = row.identifier.slice('reset-password:'.length);
    const reset = () => ctx.inject(null, { method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'a brand new password' } });
    undo = await refuseForDisk('account', 'update');
    try {
      const refused = await reset();
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ error: 'database_full', message: DATABASE_FULL_MESSAGE });
    } finally {
      await undo();
    }
    // The refused reset kept nothing, its link included (better-auth's steps run in one transaction): it works now.
    expect((await reset()).statusCode).toBe(200);
    expect((await ctx.signIn(person.email, 'a brand new password')).statusCode).toBe(200);
  });

  it('health recovers to ok by itself once no refusal has been seen for 30 s', async () => {
    let now = 1_000_000;
    const watch = createResourceWatch({ dataDir: tmpdir(), minFreePercent: 0, minFreeMb: 0, now: () => now });
    watch.noteDatabaseWriteRefused();
    expect(await watch.problems()).toHaveLength(1);
    now += 29_000;
    expect(await watch.problems()).toHaveLength(1);
    now += 2_000;
    expect(await watch.problems()).toEqual([]);
  });
});

/**
 * Whether this process may mount a tmpfs: root on Linux, with the capability to mount (a container's root often
 * lacks it). Tried once on a scratch folder, so a machine that cannot skips with the reason instead of failing.
 */
const canMount = ((): boolean => {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(path.join(tmpdir(), 'hm-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
})();

describe.skipIf(!canMount)('a real full file system (tmpfs of 2 MB; needs root on Linux, allowed to mount)', () => {
  let ctx: TestContext;
  let maker: TestUser;
  const mountPoint = mkdtempSync(path.join(tmpdir(), 'hm-small-disk-'));
  const filler = path.join(mountPoint, 'filler');

  beforeAll(async () => {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mountPoint]);
    ctx = await createTestContext({ storageDriver: createLocalDriver(path.join(mountPoint, 'uploads')), env: { DATA_DIR: mountPoint } });
    maker = await ctx.signUp('maker');
  });
  afterEach(() => rmSync(filler, { force: true }));
  afterAll(async () => {
    await ctx?.close();
    execFileSync('umount', [mountPoint]);
    rmSync(mountPoint, { recursive: true, force: true });
  });

  it('gives a clear 507 and no temporary file while full, health degraded, then ok and uploads again once space is freed', async () => {
    // Fill the disk to the last byte.
    try {
      execFileSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=64k'], { stdio: 'ignore' });
    } catch {
      // dd stops with "No space left on device", which is the point
    }
    const full = await uploadAvatar(ctx, maker);
    expect(full.statusCode).toBe(507);
    expect(full.json().message).toBe(STORAGE_FULL_MESSAGE);
    expect(filesUnder(mountPoint).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    const degraded = (await ctx.inject(null, { method: 'GET', url: '/api/health' })).json();
    expect(degraded.status).toBe('degraded');
    expect(degraded.problems[0]).toMatch(/^Free disk space under DATA_DIR is \d+ KB \(\d+\.\d%\), below the threshold of 102 KB\.$/);

    rmSync(filler);
    expect((await ctx.inject(null, { method: 'GET', url: '/api/health' })).json().status).toBe('ok');
    const freed = await uploadAvatar(ctx, maker);
    expect(freed.statusCode).toBe(201);
  });
});
