import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, jsonPost, type ServerProcess } from '../../scripts/lib/server-process';
import { DEMO_APPLICANTS, DEMO_MAKERS, DEMO_MINDS } from '../../scripts/seed-demo/creators';
import { DEMO_CLIENT } from '../../scripts/seed-demo/seed-activity';
import { DEMO_DOMAIN, DEMO_PASSWORD, demoEmail } from '../../scripts/seed-demo/seed-creators';
import { connectThroughSocket, embeddedEnv, freePort, leftovers, makeDataDir, runProcess, signIn, startEmbeddedServer } from './processes';

const ADMIN = { email: 'beside@embedded.humanmade.test', password: 'admin made beside the server' };

// `npm start` in one terminal, the README's commands in another: every write lands in the server's database.
describe.skipIf(process.env.TEST_DATABASE_URL)('commands run beside a running server on the embedded database', () => {
  const dataDir = makeDataDir();
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startEmbeddedServer(dataDir);
  }, 240000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('create-admin writes through the server: the admin logs in at once', async () => {
    const result = await runProcess('scripts/create-admin.ts', ['--email', ADMIN.email, '--password', ADMIN.password, '--name', 'Beside'], embeddedEnv(dataDir));
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Created admin: beside@embedded\.humanmade\.test \(/);

    const response = await signIn(server, ADMIN.email, ADMIN.password);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { user: { role: string } }).user.role).toBe('admin');
    expect(result.stderr).toContain("Using the running server's database");

    // Run again, it finds the same account rather than making another.
    const again = await runProcess('scripts/create-admin.ts', ['--email', ADMIN.email, '--password', ADMIN.password], embeddedEnv(dataDir));
    expect(again.stdout).toMatch(/^Already an admin: /);
  }, 180000);

  it('a role changed through the socket (as psql would) applies to a signed-in session on its next request', async () => {
    const email = `socket-role-${Date.now()}@embedded.humanmade.test`;
    const signedUp = await jsonPost(`${server.url}/api/account/sign-up`, { name: 'Socket Role', email, password: 'socket role password', role: 'client' });
    expect(signedUp.status).toBe(201);
    const cookie = cookieOf(signedUp);
    const userId = ((await signedUp.json()) as { user: { id: string } }).user.id;
    const role = async () => {
      const response = await fetch(`${server.url}/api/account/me`, { headers: { cookie } });
      return ((await response.json()) as { user: { role: string } | null }).user?.role ?? null;
    };
    // Twice, so the server holds the session in its cache (decision 121).
    expect(await role()).toBe('client');
    expect(await role()).toBe('client');
    const client = await connectThroughSocket(dataDir);
    try {
      await client.query(`update user_roles set role = 'maker' where user_id = $1`, [userId]);
    } finally {
      await client.end();
    }
    expect(await role()).toBe('maker');
  }, 120000);

  it('seed-demo fills the database through the server while the server keeps answering', async () => {
    const started = Date.now();
    const latencies: number[] = [];
    const failures: string[] = [];
    let seeding = true;
    // A visitor browsing the marketplace for as long as the seed runs.
    const visitor = (async () => {
      while (seeding) {
        const asked = performance.now();
        const response = await fetch(`${server.url}/api/marketplace/creators`, { signal: AbortSignal.timeout(20000) }).catch((error: Error) => error);
        latencies.push(performance.now() - asked);
        if (response instanceof Error || !response.ok) failures.push(response instanceof Error ? response.message : String(response.status));
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    const result = await runProcess('scripts/seed-demo.ts', [], embeddedEnv(dataDir), 480000);
    seeding = false;
    await visitor;
    expect(result.stderr).toContain("Using the running server's database");
    expect(result.code).toBe(0);
    expect(failures).toEqual([]);
    const sorted = [...latencies].sort((a, b) => a - b);
    console.log(
      `seed-demo through the socket: ${((Date.now() - started) / 1000).toFixed(1)} s; ${latencies.length} marketplace requests meanwhile, ` +
        `median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms, max ${sorted[sorted.length - 1].toFixed(0)} ms`,
    );

    // A sample of what it wrote, read back through the running server.
    const listing = (await (await fetch(`${server.url}/api/marketplace/creators`)).json()) as { total: number };
    expect(listing.total).toBe(DEMO_MAKERS.length + DEMO_MINDS.length);
    for (const slug of [DEMO_CLIENT.slug, 'ines', DEMO_APPLICANTS[0].slug]) {
      expect((await signIn(server, demoEmail(slug), DEMO_PASSWORD)).status, slug).toBe(200);
    }
    const client = await connectThroughSocket(dataDir);
    try {
      const { rows } = await client.query<{ count: string }>(`select count(*) from "user" where email like $1`, [`%@${DEMO_DOMAIN}`]);
      expect(Number(rows[0].count)).toBeGreaterThanOrEqual(DEMO_MAKERS.length + DEMO_MINDS.length + DEMO_APPLICANTS.length + 1);

      // Each Seal holder earned it as the rule says: three completed projects for demo clients, each with process
      // docs and a deliverable in its process record and paid through the ledger, cited with the record's head by a
      // credential that verifies.
      const holders = DEMO_MAKERS.filter((maker) => maker.seal);
      expect(holders.length).toBeGreaterThan(0);
      for (const [index, holder] of holders.entries()) {
        const [{ id: makerId }] = (await client.query<{ id: string }>(`select id from "user" where email = $1`, [demoEmail(holder.slug)])).rows;
        const download = await fetch(`${server.url}/api/credentials/seal/${makerId}`);
        expect(download.status, holder.slug).toBe(200);
        const { id: envelope } = (await download.json()) as { id: string };
        const jwt = envelope.replace('data:application/vc+jwt,', '');
        const { evidence } = JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString('utf8')) as { evidence: Array<{ id: string; name: string; description: string }> };
        expect(evidence, holder.slug).toHaveLength(3);
        for (const item of evidence) {
          const projectId = /\/api\/process-records\/([0-9a-f-]{36})\/status$/.exec(item.id)?.[1];
          const head = /process record head ([0-9a-f]{64})$/.exec(item.description)?.[1];
          expect(projectId && head, item.description).toBeTruthy();
          const [project] = (
            await client.query<{ title: string; status: string; makerId: string; clientEmail: string; docs: number; docEntries: number; deliverables: number; head: string; releases: number }>(
              `select p.title, p.status, p.maker_id as "makerId", c.email as "clientEmail",
                 (select count(*)::int from process_docs d where d.project_id = p.id) as docs,
                 (select count(*)::int from process_record_entries e where e.project_id = p.id and e.kind = 'process_doc') as "docEntries",
                 (select count(*)::int from process_record_entries e where e.project_id = p.id and e.kind = 'deliverable') as deliverables,
                 (select e.entry_hash from process_record_entries e where e.project_id = p.id order by e.seq desc limit 1) as head,
                 (select count(*)::int from ledger_transactions l where l.project_id = p.id and l.kind = 'release') as releases
               from projects p join "user" c on c.id = p.client_id where p.id = $1`,
              [projectId],
            )
          ).rows;
          expect(project, `${holder.slug}: ${item.name}`).toMatchObject({ title: item.name, status: 'completed', makerId, head, deliverables: 1 });
          expect(project.clientEmail.endsWith(`@${DEMO_DOMAIN}`)).toBe(true);
          expect(project.docs).toBeGreaterThanOrEqual(1);
          expect(project.docEntries).toBe(project.docs);
          expect(project.releases).toBeGreaterThanOrEqual(1);
          // The public check of one holder's records (it is rate-limited): the chain and every file hash hold.
          if (index === 0) {
            const status = (await (await fetch(item.id)).json()) as { verified: boolean; head: string };
            expect(status, item.name).toMatchObject({ verified: true, head });
          }
        }
        const verification = (await (await fetch(`${server.url}/api/credentials/seal/${makerId}/verification`)).json()) as { outcome: string; evidenceCount: number };
        expect(verification, holder.slug).toMatchObject({ outcome: 'valid', evidenceCount: 3 });
      }

      // Run again, it refuses and writes nothing.
      const again = await runProcess('scripts/seed-demo.ts', [], embeddedEnv(dataDir));
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('Demo data already exists');
      const credentials = await client.query<{ count: number }>(`select count(*)::int as count from seal_credentials`);
      expect(credentials.rows[0].count).toBe(holders.length);
    } finally {
      await client.end();
    }
  }, 900000);

  it('a second server on the same DATA_DIR is refused, and the first one goes on', async () => {
    const port = await freePort();
    const second = await runProcess('src/server/main.ts', [], { ...embeddedEnv(dataDir), PORT: String(port), HOST: '127.0.0.1' }, 120000);
    expect(second.code).toBe(1);
    expect(second.stderr.trim()).toBe(`Another Humanmade server is using ${dataDir} (pid ${server.child.pid}). Stop it, or set DATA_DIR.`);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(leftovers(dataDir)).toEqual({ lock: true, socket: true });
  }, 180000);

  it('after a restart everything written beside the server is still there', async () => {
    expect(await server.stop('SIGTERM')).toBe(0);
    expect(leftovers(dataDir)).toEqual({ lock: false, socket: false });
    server = await startEmbeddedServer(dataDir);
    expect((await signIn(server, ADMIN.email, ADMIN.password)).status).toBe(200);
    expect((await signIn(server, demoEmail(DEMO_CLIENT.slug), DEMO_PASSWORD)).status).toBe(200);
  }, 300000);
});
