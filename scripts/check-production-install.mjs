// npm run test:production-install — proves a built tree runs on a production install (decision 110): it copies what a
// deployment ships (package files, dist/, drizzle/, the start script) to a scratch folder, runs `npm ci --omit=dev`
// there, starts it with `npm start` in production mode, and checks that every public page answers with its
// server-rendered first paint (the not-found page with 404, and the studio of a creator approved through the real
// API by an admin that `npm run create-admin` made in the installed tree), that no development package was installed,
// and that SIGTERM stops it cleanly; then that the installed commands run with the server stopped (decision 225).
// Plain Node on purpose: it must not lean on the tools it proves unnecessary.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

const fail = (message) => {
  console.error(`✖ production install: ${message}`);
  process.exitCode = 1;
};

/** What a deployment copies: never the sources, the tests or node_modules. The commands come compiled in dist/scripts. */
const SHIPPED = [
  'package.json',
  'package-lock.json',
  'dist/web',
  'dist/ssr',
  'dist/server',
  'dist/scripts',
  'drizzle',
  'scripts/build-if-needed.mjs',
  'scripts/build-outputs.mjs',
  'scripts/run-command.mjs',
];
/** Packages the built server must run without: the build and test tools, and what the web app renders with. */
const DEV_ONLY = ['vite', 'esbuild', 'tsx', 'react', 'react-dom', 'react-router', '@tanstack/react-query', 'typescript', 'vitest', 'pino-pretty'];
/** The text as a regular expression that matches it literally. */
const literal = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The creator whose studio is checked: a maker who signs up and applies, approved by an admin. */
const MAKER = {
  name: 'Ottilie Kilnworth',
  bio: 'Hand-lettered signs and labels, drawn with a brush and scanned at the end.',
  email: 'ottilie@production-install.test',
};
/**
 * Each public page with what only its server render holds: the shell's #root is empty, so a heading (and for the
 * pages with forms, the form that posts without scripts, decision 105) is there only if the server rendered it.
 */
const PAGES = [
  { path: '/', rendered: [/<h1[^>]*>Work made by people, <em[^>]*>reviewed<\/em> by people\.<\/h1>/] },
  { path: '/about', rendered: [/<h1[^>]*>About Humanmade<\/h1>/] },
  { path: '/how-it-works', rendered: [/<h1[^>]*>How It Works<\/h1>/] },
  { path: '/for-makers', rendered: [/<h1[^>]*>For Makers<\/h1>/] },
  { path: '/for-minds', rendered: [/<h1[^>]*>For Minds<\/h1>/] },
  { path: '/contact', rendered: [/<h1[^>]*>Get in Touch<\/h1>/, /<form[^>]*action="\/contact" method="post"/] },
  { path: '/auth', rendered: [/<h1[^>]*>Welcome back<\/h1>/, /<form[^>]*aria-label="Log in"[^>]*action="\/auth" method="post"/] },
  {
    path: '/marketplace',
    rendered: [/<h1[^>]*>Search Creators<\/h1>/, /<form[^>]*aria-label="Filter creators"[^>]*action="\/marketplace" method="get"/, new RegExp(`<h3[^>]*>${literal(MAKER.name)}</h3>`)],
  },
  { path: '/no-such-page', status: 404, rendered: [/<h1[^>]*>Oops! Page not found<\/h1>/] },
  { path: '/studio/:id', rendered: [new RegExp(`<h1[^>]*>${literal(MAKER.name)}</h1>`), new RegExp(`>${literal(MAKER.bio)}<`)] },
];

/** The pid of the descendant of `ancestor` that has `needle` among its arguments (Linux /proc), or null. */
const findProcess = (ancestor, needle) => {
  const parentOf = new Map();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      parentOf.set(Number(pid), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended meanwhile
    }
  }
  for (const pid of parentOf.keys()) {
    let up = parentOf.get(pid);
    while (up && up !== ancestor) up = parentOf.get(up);
    if (up !== ancestor) continue;
    try {
      // An argument of its own: the shell that `npm start` runs has the whole script as one argument.
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(needle)) return pid;
    } catch {
      // ended meanwhile
    }
  }
  return null;
};

/** A JSON request as the browser would send it (same Origin), with the session cookie, if any. */
const request = async (url, method, pathname, { body, cookie } = {}) => {
  const headers = { origin: url, ...(cookie ? { cookie } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
  const response = await fetch(`${url}${pathname}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${pathname} answered ${response.status}: ${text.slice(0, 300)}`);
  const session = response.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
  return { json: text ? JSON.parse(text) : null, cookie: session || cookie };
};

/**
 * `npm run <name> -- …args` in the installed tree, as an operator runs it: the tree holds neither tsx nor the
 * TypeScript, so only the compiled command (dist/scripts) can answer. Answers its exit code and output. Not
 * spawnSync: this process must keep reading the running server's output meanwhile, or a full pipe would stall it.
 */
const runCommand = (app, env, name, args = []) =>
  new Promise((resolve, reject) => {
    const child = spawn(npm, ['run', '--silent', name, '--', ...args], { cwd: app, env, stdio: ['ignore', 'pipe', 'pipe'], timeout: 180000, killSignal: 'SIGKILL' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('error', (error) => reject(new Error(`npm run ${name} could not run: ${error.message}`)));
    child.once('close', (status, signal) => resolve({ status: status ?? signal, stdout: stdout.trim(), stderr: stderr.trim() }));
  });

/** The admin `npm run create-admin` makes in the installed tree. */
const ADMIN = { email: 'admin@production-install.test', password: randomBytes(12).toString('hex'), name: 'Install Admin' };
const adminArgs = ['--email', ADMIN.email, '--password', ADMIN.password, '--name', ADMIN.name];

/**
 * An approved creator, made as a person would: `npm run create-admin` in the installed tree makes an admin (it
 * writes through the running server's socket in DATA_DIR, so the admin logs in at once), a maker signs up and
 * applies through the API, and the admin logs in through the API and approves. Answers the maker's id, the studio's
 * address.
 */
const approvedCreator = async (app, url, env) => {
  const makerPassword = randomBytes(12).toString('hex');
  const created = await runCommand(app, env, 'create-admin', adminArgs);
  if (created.status !== 0 || !created.stdout.startsWith(`Created admin: ${ADMIN.email}`)) {
    throw new Error(`npm run create-admin beside the running server ended with ${created.status}:\n${created.stdout}\n${created.stderr}`);
  }
  console.log(`  npm run create-admin (installed, beside the server): ${created.stdout}`);
  const signUp = await request(url, 'POST', '/api/account/sign-up', { body: { name: MAKER.name, email: MAKER.email, password: makerPassword, role: 'maker' } });
  const makerId = signUp.json.user.id;
  await request(url, 'POST', '/api/profiles/maker/application', {
    cookie: signUp.cookie,
    body: { name: MAKER.name, bio: MAKER.bio, avatarUrl: null, experienceYears: 6, deliverableCategories: ['logo_design'] },
  });
  const signIn = await request(url, 'POST', '/api/account/sign-in', { body: { email: ADMIN.email, password: ADMIN.password } });
  if (signIn.json?.user?.email !== ADMIN.email || signIn.json.user.role !== 'admin' || !signIn.cookie) {
    throw new Error(`the account create-admin made did not log in as an admin: ${JSON.stringify(signIn.json)}`);
  }
  await request(url, 'POST', `/api/admin/applications/maker/${makerId}/approve`, { cookie: signIn.cookie });
  return makerId;
};

const waitForHealth = async (url, child, timeoutMs) => {
  const deadline = Date.now() + timeoutMs;
  let spawnError = null;
  // A process that could not be started (npm not found, EAGAIN) emits 'error': without a listener it would end this
  // script before its clean-up.
  child.once('error', (error) => (spawnError = error));
  while (Date.now() < deadline) {
    if (spawnError) throw new Error(`the server could not be started: ${spawnError.message}`);
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode} before it was healthy`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no healthy answer from ${url} within ${timeoutMs / 1000} s`);
};

/**
 * The commands with the server stopped: create-admin opens DATA_DIR itself (the admin is there already), and
 * seed-demo loads all it imports and then refuses production, as it must.
 */
const commandsWithoutServer = async (app, env) => {
  const again = await runCommand(app, env, 'create-admin', adminArgs);
  if (again.status !== 0 || !again.stdout.startsWith(`Already an admin: ${ADMIN.email}`)) {
    fail(`npm run create-admin with the server stopped ended with ${again.status}:\n${again.stdout}\n${again.stderr}`);
  } else console.log(`  npm run create-admin (installed, server stopped): ${again.stdout}`);
  const seed = await runCommand(app, env, 'seed-demo');
  const refusal = 'seed-demo refuses to run with NODE_ENV=production';
  if (seed.status !== 1 || !seed.stderr.includes(refusal)) fail(`npm run seed-demo in production should load and refuse; it ended with ${seed.status}:\n${seed.stdout}\n${seed.stderr}`);
  else console.log(`  npm run seed-demo (installed, NODE_ENV=production): loads and refuses (exit code 1)`);
};

const main = async () => {
  console.log('▶ production install: build');
  execFileSync(process.execPath, [path.join(root, 'scripts/build-if-needed.mjs')], { cwd: root, stdio: 'inherit' });

  const app = mkdtempSync(path.join(tmpdir(), 'hm-production-'));
  const dataDir = path.join(app, 'data');
  let server = null;
  let output = '';
  /** SIGTERM to the server itself (npm's grandchild), as a process manager stops it; npm then exits with its code. */
  const stopServer = async () => {
    if (server.exitCode !== null) {
      fail(`npm start ended by itself with code ${server.exitCode}\n${output}`);
      return false;
    }
    const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));
    const serverPid = findProcess(server.pid, 'dist/server/main.js');
    process.kill(serverPid ?? -server.pid, 'SIGTERM');
    const { code, signal } = await exited;
    if (serverPid === null) fail('the server process (node dist/server/main.js) was not found under npm start');
    else if (code !== 0) fail(`npm start ended with code ${code} (signal ${signal}) after SIGTERM\n${output}`);
    else console.log('  stopped cleanly on SIGTERM (exit code 0)');
    return serverPid !== null && code === 0;
  };
  try {
    for (const entry of SHIPPED) {
      mkdirSync(path.dirname(path.join(app, entry)), { recursive: true });
      cpSync(path.join(root, entry), path.join(app, entry), { recursive: true, preserveTimestamps: true });
    }
    console.log(`▶ production install: npm ci --omit=dev in ${app}`);
    execFileSync(npm, ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], { cwd: app, stdio: 'inherit' });
    // npm keeps a devDependency that a runtime package names as an optional peer (better-auth names React, for
    // its React client), and tsx (still a runtime dependency, decision 225) brings esbuild. Neither the server nor
    // the compiled commands may need any of them: they are removed before either runs.
    const present = DEV_ONLY.filter((name) => existsSync(path.join(app, 'node_modules', name)));
    for (const name of present) rmSync(path.join(app, 'node_modules', name), { recursive: true, force: true });
    console.log(`  installed in ${elapsed()}${present.length > 0 ? `; removed ${present.join(', ')}, which the server and commands must not need` : ''}`);

    const port = 20000 + Math.floor(Math.random() * 20000);
    const url = `http://127.0.0.1:${port}`;
    const env = {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      DATABASE_URL: '',
      SMTP_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      // No loader may stand in for the compiled server.
      NODE_OPTIONS: '',
    };
    server = spawn(npm, ['start'], {
      cwd: app,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    server.stdout.on('data', (chunk) => (output += chunk));
    server.stderr.on('data', (chunk) => (output += chunk));
    await waitForHealth(url, server, 90000);
    console.log(`  healthy in ${elapsed()}`);
    const makerId = await approvedCreator(app, url, env);
    console.log(`  the admin logged in and approved a maker (the API) in ${elapsed()}`);

    for (const page of PAGES) {
      const pathname = page.path.replace(':id', makerId);
      // A render slower than two seconds falls back to the empty shell by design (src/server/first-paint.ts); on a
      // busy machine the first render of a page can take that long, so a page gets three tries.
      let result = null;
      for (let attempt = 1; attempt <= 3 && !result?.rendered; attempt += 1) {
        const response = await fetch(`${url}${pathname}`);
        const html = await response.text();
        const content = html.slice(html.indexOf('<div id="root">'));
        const missing = page.rendered.filter((pattern) => !pattern.test(content));
        result = { status: response.status, bytes: html.length, rendered: content.startsWith('<div id="root"><') && missing.length === 0, missing, attempt };
      }
      console.log(`  ${pathname}: ${result.status}, ${result.bytes} bytes, first paint ${result.rendered ? 'rendered' : 'MISSING'} (try ${result.attempt})`);
      if (result.status !== (page.status ?? 200)) fail(`${pathname} answered ${result.status}, not ${page.status ?? 200}`);
      if (!result.rendered) fail(`${pathname} came without its server-rendered first paint${result.missing.length > 0 ? ` (no ${result.missing.join(', ')})` : ''}`);
    }
    if (/first paint failed|did not load|Cannot find (module|package)/i.test(output)) fail(`the server logged a rendering problem:\n${output}`);
    if (await stopServer()) await commandsWithoutServer(app, env);
  } finally {
    if (server && server.exitCode === null) await stopServer();
    server?.stdout.destroy();
    server?.stderr.destroy();
    rmSync(app, { recursive: true, force: true });
  }
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  if (process.exitCode) console.error(`✖ production install of ${pkg.name} failed (${elapsed()})`);
  else console.log(`✔ production install: npm ci --omit=dev and npm start serve every checked page with its first paint, and its npm run create-admin makes an admin who logs in (${elapsed()})`);
};

main().catch((error) => {
  fail(error instanceof Error ? error.message : String(error));
});
