// npm run test:production-install — proves a built tree runs on a production install (decision 110): it copies what a
// deployment ships (package files, dist/, drizzle/, the start script) to a scratch folder, runs `npm ci --omit=dev`
// there, starts it with `npm start` in production mode, and checks that every public page answers with its
// server-rendered first paint (the not-found page with 404, and the studio of a creator approved through the real
// API), that no development package was installed, and that SIGTERM stops it cleanly.
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

/** What a deployment copies: never the sources, the tests or node_modules. */
const SHIPPED = ['package.json', 'package-lock.json', 'dist/web', 'dist/ssr', 'dist/server', 'drizzle', 'scripts/build-if-needed.mjs'];
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
 * An approved creator, made as a person would: the create-admin command makes an admin (run from this checkout, as
 * the shipped tree holds neither the scripts nor tsx; it writes through the running server's socket in DATA_DIR), a
 * maker signs up and applies through the API, and the admin approves. Answers the maker's id, the studio's address.
 */
const approvedCreator = async (url, env) => {
  const makerPassword = randomBytes(12).toString('hex');
  const admin = { email: 'admin@production-install.test', password: randomBytes(12).toString('hex') };
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/create-admin.ts', '--email', admin.email, '--password', admin.password, '--name', 'Install Admin'], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const signUp = await request(url, 'POST', '/api/account/sign-up', { body: { name: MAKER.name, email: MAKER.email, password: makerPassword, role: 'maker' } });
  const makerId = signUp.json.user.id;
  await request(url, 'POST', '/api/profiles/maker/application', {
    cookie: signUp.cookie,
    body: { name: MAKER.name, bio: MAKER.bio, avatarUrl: null, experienceYears: 6, deliverableCategories: ['logo_design'] },
  });
  const signIn = await request(url, 'POST', '/api/account/sign-in', { body: admin });
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

const main = async () => {
  console.log('▶ production install: build');
  execFileSync(process.execPath, [path.join(root, 'scripts/build-if-needed.mjs')], { cwd: root, stdio: 'inherit' });

  const app = mkdtempSync(path.join(tmpdir(), 'hm-production-'));
  const dataDir = path.join(app, 'data');
  let server = null;
  let output = '';
  try {
    for (const entry of SHIPPED) {
      mkdirSync(path.dirname(path.join(app, entry)), { recursive: true });
      cpSync(path.join(root, entry), path.join(app, entry), { recursive: true, preserveTimestamps: true });
    }
    console.log(`▶ production install: npm ci --omit=dev in ${app}`);
    execFileSync(npm, ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], { cwd: app, stdio: 'inherit' });
    // npm keeps a devDependency that a runtime package names as an optional peer (better-auth names React, for
    // its React client), and tsx (a runtime dependency for the command-line scripts) brings esbuild. The server must
    // not need any of them: they are removed before it starts.
    const present = DEV_ONLY.filter((name) => existsSync(path.join(app, 'node_modules', name)));
    for (const name of present) rmSync(path.join(app, 'node_modules', name), { recursive: true, force: true });
    console.log(`  installed in ${elapsed()}${present.length > 0 ? `; removed ${present.join(', ')}, which the server must not need` : ''}`);

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
    const makerId = await approvedCreator(url, env);
    console.log(`  an admin (create-admin) approved a maker (the API) in ${elapsed()}`);

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
  } finally {
    if (server && server.exitCode === null) {
      // SIGTERM to the server itself (npm's grandchild), as a process manager stops it; npm then exits with its code.
      const exited = new Promise((resolve) => server.once('exit', (code, signal) => resolve({ code, signal })));
      const serverPid = findProcess(server.pid, 'dist/server/main.js');
      process.kill(serverPid ?? -server.pid, 'SIGTERM');
      const { code, signal } = await exited;
      if (serverPid === null) fail('the server process (node dist/server/main.js) was not found under npm start');
      else if (code !== 0) fail(`npm start ended with code ${code} (signal ${signal}) after SIGTERM\n${output}`);
      else console.log('  stopped cleanly on SIGTERM (exit code 0)');
    }
    server?.stdout.destroy();
    server?.stderr.destroy();
    rmSync(app, { recursive: true, force: true });
  }
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  if (process.exitCode) console.error(`✖ production install of ${pkg.name} failed (${elapsed()})`);
  else console.log(`✔ production install: npm ci --omit=dev and npm start serve every checked page with its first paint (${elapsed()})`);
};

main().catch((error) => {
  fail(error instanceof Error ? error.message : String(error));
});
