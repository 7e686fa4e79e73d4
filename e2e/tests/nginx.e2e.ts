import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { Browser } from 'playwright-core';
import { startApi } from '@consig/tooling/product';
import { launchBrowser, signIn } from '../support/browser';
import { freePort } from '../support/product';

/**
 * The production web tier (deploy/nginx, docs/deployment.md) run with Debian's nginx as the current user
 * against the production builds, proxying to the API: what docker-compose.yml runs, without containers.
 * The two upstream entries point at one API here (the embedded database serves one process).
 */
const repo = join(__dirname, '..', '..');
const templates = join(repo, 'deploy', 'nginx', 'templates');
const APPS = ['host', 'mf-attendance', 'mf-campaigns', 'mf-followup', 'mf-telephony'];
const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';


/** Every deploy/nginx template with its ${CONSIG_*} variables filled in, as the nginx image's envsubst does. */
function renderTemplates(into: string, variables: Record<string, string>) {
  const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)]));
  for (const template of walk(templates).filter((file) => file.endsWith('.template'))) {
    const text = readFileSync(template, 'utf8').replace(/\$\{(CONSIG_[A-Z0-9_]+)\}/g, (_, name: string) => {
      if (!(name in variables)) throw new Error(`${relative(repo, template)} uses ${name}, which the test does not set`);
      return variables[name];
    });
    const target = join(into, relative(templates, template).replace(/\.template$/, ''));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
}

interface Response {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** GET as a browser sends it (gzip accepted); the body is left as it came (gzipped bodies are not read). */
function get(url: string, headers: Record<string, string> = { 'accept-encoding': 'gzip' }): Promise<Response> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString() }));
    }).on('error', reject);
  });
}

async function untilAnswers(url: string, nginx: ChildProcess, errorLog: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (nginx.exitCode !== null) throw new Error(`nginx terminou (${nginx.exitCode}): ${existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''}`);
    if (await get(url).then(() => true, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx não respondeu em ${url}`);
}

const ports: Record<string, number> = {};
const origin = (name: string) => `http://127.0.0.1:${ports[name]}`;
let dir: string;
/** startApi's emitter, with the stop() it adds (its JSDoc type does not name it). */
let api: { stop(): Promise<void> } | undefined;
let nginx: ChildProcess;
let browser: Browser;

beforeAll(async () => {
  for (const app of APPS) {
    if (!existsSync(join(repo, app, 'dist', 'index.html'))) throw new Error(`${app}/dist não existe: rode npm run build antes`);
  }
  dir = mkdtempSync(join(tmpdir(), 'consig-nginx-'));
  for (const name of ['app', 'api', ...APPS.slice(1)]) ports[name] = await freePort();

  // The web root the image has (deploy/web.Dockerfile): one folder per app, here links to the builds.
  mkdirSync(join(dir, 'www'));
  for (const app of APPS) symlinkSync(join(repo, app, 'dist'), join(dir, 'www', app));
  renderTemplates(join(dir, 'conf.d'), {
    CONSIG_WEB_ROOT: join(dir, 'www'),
    CONSIG_APP_PORT: String(ports.app),
    CONSIG_ATTENDANCE_PORT: String(ports['mf-attendance']),
    CONSIG_CAMPAIGNS_PORT: String(ports['mf-campaigns']),
    CONSIG_FOLLOWUP_PORT: String(ports['mf-followup']),
    CONSIG_TELEPHONY_PORT: String(ports['mf-telephony']),
    CONSIG_APP_ORIGIN: origin('app'),
    CONSIG_ATTENDANCE_ORIGIN: origin('mf-attendance'),
    CONSIG_CAMPAIGNS_ORIGIN: origin('mf-campaigns'),
    CONSIG_FOLLOWUP_ORIGIN: origin('mf-followup'),
    CONSIG_TELEPHONY_ORIGIN: origin('mf-telephony'),
    CONSIG_WS_ORIGIN: `ws://127.0.0.1:${ports.app}`,
    // Stand-ins nothing answers: the test needs no CEP look-up and no telephony.
    CONSIG_CEP_ORIGIN: 'http://127.0.0.1:9',
    CONSIG_SIP_WS_ORIGIN: 'ws://127.0.0.1:9',
    CONSIG_API_1: `127.0.0.1:${ports.api}`,
    CONSIG_API_2: `127.0.0.1:${ports.api}`,
  });
  // What the image's nginx.conf holds, with every path nginx writes to moved into the temporary folder.
  const runAsRoot = process.getuid?.() === 0 ? 'user root;' : '';
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${runAsRoot}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include conf.d/*.conf;
}
`,
  );

  const errorLog = join(dir, 'error.log');
  const [started, launched] = await Promise.all([
    startApi({
      port: ports.api,
      env: { DATA_DIR: join(dir, 'pglite'), DATABASE_URL: '', PROSPECT_BASE_ROWS: '4000', TRUST_PROXY: '127.0.0.1' },
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
    launchBrowser(),
  ]);
  api = started as unknown as { stop(): Promise<void> };
  browser = launched;
  nginx = spawn(NGINX, ['-p', `${dir}/`, '-c', join(dir, 'nginx.conf'), '-e', errorLog], { stdio: ['ignore', 'ignore', 'inherit'] });
  await untilAnswers(`${origin('app')}/`, nginx, errorLog);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (nginx && nginx.exitCode === null) {
    const exited = once(nginx, 'exit');
    // Fast shutdown (SIGQUIT would wait for open sockets to close).
    nginx.kill('SIGTERM');
    await exited;
  }
  await api?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** The sources of one CSP directive. */
const directive = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([first]) => first === name)
    ?.slice(1) ?? [];

test('through nginx: sign-in via /api, a remote’s route, a deep link reloaded, no CSP violation', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) problems.push(`${message.text()} at ${JSON.stringify(message.location())}`);
  });
  const sockets: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  const app = origin('app');

  await signIn(page, app, 'supervisor@demo.com.br', 'Supervisor@123');
  await page.waitForURL(`${app}/dashboard`);
  await page.getByRole('navigation').getByRole('link', { name: 'Campanhas' }).click();
  await page.waitForURL(`${app}/campanhas`);
  await page.getByRole('columnheader', { name: 'Status processamento' }).waitFor();
  await page.getByText('Sem arquivo').first().waitFor();

  // A reload of a client route is answered by index.html (history fallback), and the remote comes back.
  await page.reload();
  await page.getByRole('columnheader', { name: 'Status processamento' }).waitFor();
  await page.goto(`${app}/campanhas/nao-existe/7`);
  await page.getByText('Página não encontrada.').waitFor();

  // The realtime socket went through nginx's /ws, on the host's own origin.
  expect(sockets).toContain(`ws://127.0.0.1:${ports.app}/ws`);
  expect(problems).toEqual([]);
  await context.close();
});

test('the CSP names exactly the origins of remotes.json and config.json; nosniff and the referrer policy everywhere', async () => {
  const remotes = JSON.parse((await get(`${origin('app')}/remotes.json`, {})).body) as Record<string, string>;
  const config = JSON.parse((await get(`${origin('app')}/config.json`, {})).body) as Record<string, string>;
  expect(Object.values(remotes)).toEqual(['mf-attendance', 'mf-campaigns', 'mf-followup', 'mf-telephony'].map((app) => `${origin(app)}/remoteEntry.js`));
  expect(config).toMatchObject({ apiUrl: `${origin('app')}/api`, wsUrl: `ws://127.0.0.1:${ports.app}/ws` });

  const remoteOrigins = Object.values(remotes).map((url) => new URL(url).origin);
  for (const url of [`${origin('app')}/`, `${origin('app')}/campanhas/lote/7`, `${origin('mf-campaigns')}/remoteEntry.js`, `${origin('app')}/config.json`]) {
    const { headers } = await get(url);
    const policy = String(headers['content-security-policy']);
    expect([url, directive(policy, 'script-src')]).toEqual([url, ["'self'", ...remoteOrigins]]);
    expect(directive(policy, 'connect-src')).toEqual(
      expect.arrayContaining([...remoteOrigins, new URL(config.apiUrl).origin, new URL(config.wsUrl).origin, new URL(config.cepUrl).origin]),
    );
    expect(directive(policy, 'img-src')).toContain(new URL(config.apiUrl).origin);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'self'"]);
    // Inline styles are the one inline thing allowed (the notifications write a <style>).
    expect(directive(policy, 'style-src')).toEqual(["'self'", ...remoteOrigins, "'unsafe-inline'"]);
    expect(policy.match(/unsafe-inline/g)).toHaveLength(1);
    expect(policy).not.toMatch(/unsafe-eval/);
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  }
});

test('entries are revalidated, hashed chunks cached for good, text gzipped, source maps not served', async () => {
  const hashed = readdirSync(join(repo, 'host', 'dist')).find((file) => /^[\w-]+\.[0-9a-f]{8}\.js$/.test(file))!;
  const map = readdirSync(join(repo, 'mf-campaigns', 'dist')).find((file) => file.endsWith('.js.map'))!;
  expect(existsSync(join(repo, 'mf-campaigns', 'dist', map))).toBe(true);

  const index = await get(`${origin('app')}/`);
  expect(index.status).toBe(200);
  expect(index.headers['cache-control']).toBe('no-cache');
  expect(index.headers['content-type']).toMatch(/^text\/html/);
  const entry = await get(`${origin('mf-campaigns')}/remoteEntry.js`);
  expect(entry.headers['content-encoding']).toBe('gzip');
  for (const url of [`${origin('app')}/remotes.json`, `${origin('app')}/config.json`, `${origin('mf-campaigns')}/remoteEntry.js`, `${origin('mf-campaigns')}/mf-manifest.json`]) {
    const response = await get(url);
    expect([url, response.status, response.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
  }

  const chunk = await get(`${origin('app')}/${hashed}`);
  expect(chunk.status).toBe(200);
  expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(chunk.headers['content-encoding']).toBe('gzip');

  const sourceMap = await get(`${origin('mf-campaigns')}/${map}`, {});
  expect(sourceMap.status).toBe(404);
  expect(sourceMap.body).not.toContain('sourcesContent');
  // A missing file is a 404, never index.html in its place (nor cached for a year).
  const missing = await get(`${origin('app')}/nao-existe.0123abcd.js`);
  expect(missing.status).toBe(404);
  expect(missing.headers['cache-control']).toBeUndefined();
});
