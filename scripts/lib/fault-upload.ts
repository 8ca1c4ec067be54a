import { request } from 'node:http';
import pg from 'pg';
import sharp from 'sharp';
import { cookieOf, jsonPost, startServer, type ServerProcess } from './server-process';
import { auditStore } from './stored-files';

type RecordResult = (scenario: string, passed: boolean, detail: string) => void;

interface Round {
  kind: 'portfolio' | 'deliverable' | 'logo';
  /** 'mid-stream': half the body is sent, then the server dies; a number: the whole body, then death after that share of a normal upload's time. */
  kill: 'mid-stream' | number;
}

/** Every kind of upload whose row points at a file, killed at points from mid-body to just after the commit. */
const ROUNDS: Round[] = (['portfolio', 'deliverable', 'logo'] as const).flatMap((kind) => [
  { kind, kill: 'mid-stream' as const },
  ...[0, 0.3, 0.6, 0.9, 1.2, 1.6, 2.5].map((share): Round => ({ kind, kill: share })),
]);

const multipart = (boundary: string, fields: Record<string, string>, file: Buffer, filename: string) => {
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const head = Buffer.from(`${parts.join('')}--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${filename}"\r\ncontent-type: image/png\r\n\r\n`);
  return Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]);
};

const noise = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();

/** Sends a multipart upload and SIGKILLs the server at the round's point; says how the client saw it end. */
const uploadAndKill = (server: ServerProcess, path: string, cookie: string, body: Buffer, boundary: string, kill: 'mid-stream' | number) =>
  new Promise<string>((resolve) => {
    const url = new URL(server.url);
    const req = request(
      {
        hostname: url.hostname,
        port: url.port,
        path,
        method: 'POST',
        headers: { cookie, origin: url.origin, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
      },
      (res) => resolve(`answered ${res.statusCode}`),
    );
    req.on('error', (error) => resolve(`cut off (${(error as NodeJS.ErrnoException).code ?? error.message})`));
    const die = () => {
      server.child.kill('SIGKILL');
      setTimeout(() => req.destroy(), 300);
    };
    if (kill === 'mid-stream') {
      // The server is reading the multipart stream when it dies: half the file has arrived, the rest never will.
      req.write(body.subarray(0, Math.floor(body.length / 2)), () => setTimeout(die, 300));
    } else {
      req.end(body, () => setTimeout(die, kill));
    }
  });

/**
 * Kills the server with SIGKILL during uploads of every kind (portfolio item, deliverable, client logo), from
 * mid-stream to just after the commit, restarting it each time; then checks that no row points at a missing
 * file, that every upload the client saw succeed is in the database, and that uploads work again.
 */
export const killDuringUpload = async (databaseUrl: string, dataDir: string, record: RecordResult) => {
  const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_MINUTE: '10000' };
  let server = await startServer(env, { quiet: true });
  const stamp = Date.now();
  const maker = await jsonPost(`${server.url}/api/account/sign-up`, { name: 'Upload Fault', email: `upload-fault-${stamp}@example.com`, password: 'fault test password', role: 'maker' });
  const client = await jsonPost(`${server.url}/api/account/sign-up`, { name: 'Upload Client', email: `upload-client-${stamp}@example.com`, password: 'fault test password', role: 'client' });
  const [makerCookie, clientCookie, makerId] = [cookieOf(maker), cookieOf(client), (await maker.json()).user.id as string];
  // A short-lived connection per query: this scenario must not depend on one connection surviving it.
  const query = async (sql: string, params: unknown[]) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('error', () => undefined);
    await client.connect();
    try {
      return await client.query(sql, params);
    } finally {
      await client.end();
    }
  };
  await query(`update maker_profiles set application_status = 'approved', deliverable_categories = '{logo_design}' where user_id = $1`, [makerId]);
  const [large, small] = await Promise.all([noise(1800, 1500), noise(900, 800)]);

  const activeProject = async () => {
    const project = (await (await jsonPost(`${server.url}/api/projects`, { title: 'Fault project', description: 'Killed mid-upload', deliverableType: 'logo_design', budget: 100, creatorId: makerId }, clientCookie)).json()) as { id: string };
    await jsonPost(`${server.url}/api/projects/${project.id}/accept`, {}, makerCookie);
    return project.id;
  };

  const targetFor = async (kind: Round['kind'], boundary: string, marker: string) =>
    kind === 'portfolio'
      ? { path: '/api/portfolio', cookie: makerCookie, body: multipart(boundary, { title: marker, category: 'web_design' }, large, 'work.png') }
      : kind === 'deliverable'
        ? { path: `/api/projects/${await activeProject()}/deliverable`, cookie: makerCookie, body: multipart(boundary, {}, large, 'final.png') }
        : { path: '/api/client/profile/logo', cookie: clientCookie, body: multipart(boundary, {}, small, 'logo.png') };

  // How long each kind takes when nothing goes wrong, so the kills land before, during and after the commit.
  const normalMs = new Map<Round['kind'], number>();
  for (const kind of ['portfolio', 'deliverable', 'logo'] as const) {
    const target = await targetFor(kind, `----hmtime${kind}`, `Timing ${kind}`);
    const started = Date.now();
    const response = await fetch(`${server.url}${target.path}`, { method: 'POST', headers: { cookie: target.cookie, origin: server.url, 'content-type': `multipart/form-data; boundary=----hmtime${kind}` }, body: target.body });
    if (!response.ok) throw new Error(`a normal ${kind} upload failed: ${response.status} ${await response.text()}`);
    normalMs.set(kind, Date.now() - started);
  }

  const outcomes: string[] = [];
  const acknowledged: string[] = [];
  let missingAtAnyPoint = 0;
  for (const [index, round] of ROUNDS.entries()) {
    const boundary = `----hmfault${stamp}${index}`;
    const marker = `Interrupted work ${index}`;
    const target = await targetFor(round.kind, boundary, marker);
    const killMs = round.kill === 'mid-stream' ? 'mid-stream' : Math.round(round.kill * normalMs.get(round.kind)!);
    const outcome = await uploadAndKill(server, target.path, target.cookie, target.body, boundary, killMs);
    outcomes.push(`${round.kind} ${killMs === 'mid-stream' ? 'mid-stream' : `killed ${killMs} ms after the body was sent`}: ${outcome}`);
    if (round.kind === 'portfolio' && /answered 201/.test(outcome)) acknowledged.push(marker);
    await server.stop();
    server = await startServer(env, { quiet: true });
    missingAtAnyPoint += (await auditStore(databaseUrl, dataDir)).missing.length;
  }

  const lost = [];
  for (const marker of acknowledged) {
    const { rows } = await query('select 1 from portfolio_items where title = $1', [marker]);
    if (rows.length === 0) lost.push(marker);
  }
  const again = await fetch(`${server.url}/api/portfolio`, {
    method: 'POST',
    headers: { cookie: makerCookie, origin: server.url, 'content-type': 'multipart/form-data; boundary=after' },
    body: multipart('after', { title: 'After the crashes', category: 'web_design' }, small, 'after.png'),
  });
  const audit = await auditStore(databaseUrl, dataDir);
  await server.stop();

  const cutOff = outcomes.filter((outcome) => outcome.includes('cut off')).length;
  const timing = [...normalMs].map(([kind, ms]) => `${kind} ${ms} ms`).join(', ');
  const midStream = outcomes.filter((outcome) => outcome.includes('mid-stream') && outcome.includes('cut off')).length;
  console.log(outcomes.map((outcome) => `    ${outcome}`).join('\n'));
  record(
    'Server killed during an upload',
    missingAtAnyPoint === 0 && audit.missing.length === 0 && lost.length === 0 && again.status === 201 && midStream === 3,
    `${ROUNDS.length} uploads killed (${midStream} mid-stream, ${cutOff} cut off in all; a normal upload takes ${timing}); after each restart ${missingAtAnyPoint} rows pointed at a missing file; ` +
      `${audit.referenced} file URLs in the database at the end, ${audit.missing.length} missing; ${acknowledged.length} portfolio uploads answered 201 before the kill, ${lost.length} of those lost; ` +
      `${audit.orphans} orphan files, ${audit.temporary} half-written temporary files; a new upload after the crashes: ${again.status}`,
  );
};
