import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { Browser } from 'playwright-core';
import { REMOTES, startApi } from '@consig/tooling/product';
import { launchBrowser, signIn } from '../support/browser';
import { freePort } from '../support/product';

/**
 * The production web tier (deploy/nginx, docs/deployment.md) run with Debian's nginx as the current user
 * against the production builds, proxying to the API: what docker-compose.yml runs, without containers.
 * The two upstream entries point at one API here (the embedded database serves one process). The remotes
 * come from a temporary deploy root seeded as the image seeds its own (scripts/deploy.mjs --from <app>/dist),
 * and a deploy and a rollback with the same script are followed by nginx without a reload.
 */
const repo = join(__dirname, '..', '..');
const templates = join(repo, 'deploy', 'nginx', 'templates');
// The one list of apps (tooling/apps.js): a new remote is served, deployed and checked here as the others.
const REMOTE_APPS = REMOTES.map((remote) => remote.dir);
const APPS = ['host', ...REMOTE_APPS];
const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';

/** scripts/deploy.mjs as a remote team runs it against the web tier's deploy root (DEPLOY_ROOT). */
function deployScript(action: 'deploy' | 'rollback', app: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [join(repo, 'scripts', 'deploy.mjs'), action, app, ...args], {
    cwd: repo,
    env: { ...process.env, DEPLOY_ROOT: deployRoot },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${action} ${app} falhou: ${result.stderr}`);
}

/** The version a remote's deploy state names as current (<deployRoot>/remotes.json). */
const currentVersion = (name: string) => JSON.parse(readFileSync(join(deployRoot, 'remotes.json'), 'utf8'))[name].current as string;

/** Every deploy/nginx template with its ${CONSIG_*} variables filled in, as the nginx image's envsubst does. */
function renderTemplates(into: string, variables: Record<string, string>) {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
    );
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
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString() }),
      );
    }).on('error', reject);
  });
}

async function untilAnswers(url: string, nginx: ChildProcess, errorLog: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (nginx.exitCode !== null)
      throw new Error(`nginx terminou (${nginx.exitCode}): ${existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : ''}`);
    if (
      await get(url).then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx não respondeu em ${url}`);
}

const ports: Record<string, number> = {};
const origin = (name: string) => `http://127.0.0.1:${ports[name]}`;
let dir: string;
let deployRoot: string;
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

  // The web root the image has (deploy/web.Dockerfile): the host's build (a link here), and the deploy root
  // the image seeds with every remote's build.
  mkdirSync(join(dir, 'www'));
  symlinkSync(join(repo, 'host', 'dist'), join(dir, 'www', 'host'));
  deployRoot = join(dir, 'deploy');
  for (const app of REMOTE_APPS) deployScript('deploy', app, '--from', join(repo, app, 'dist'));
  renderTemplates(join(dir, 'conf.d'), {
    CONSIG_WEB_ROOT: join(dir, 'www'),
    CONSIG_DEPLOY_ROOT: deployRoot,
    CONSIG_APP_PORT: String(ports.app),
    CONSIG_ATTENDANCE_PORT: String(ports['mf-attendance']),
    CONSIG_CAMPAIGNS_PORT: String(ports['mf-campaigns']),
    CONSIG_FOLLOWUP_PORT: String(ports['mf-followup']),
    CONSIG_TELEPHONY_PORT: String(ports['mf-telephony']),
    CONSIG_REPORTS_PORT: String(ports['mf-reports']),
    CONSIG_CADASTROS_PORT: String(ports['mf-cadastros']),
    CONSIG_APP_ORIGIN: origin('app'),
    CONSIG_ATTENDANCE_ORIGIN: origin('mf-attendance'),
    CONSIG_CAMPAIGNS_ORIGIN: origin('mf-campaigns'),
    CONSIG_FOLLOWUP_ORIGIN: origin('mf-followup'),
    CONSIG_TELEPHONY_ORIGIN: origin('mf-telephony'),
    CONSIG_REPORTS_ORIGIN: origin('mf-reports'),
    CONSIG_CADASTROS_ORIGIN: origin('mf-cadastros'),
    CONSIG_WS_ORIGIN: `ws://127.0.0.1:${ports.app}`,
    // Stand-ins nothing answers: the test needs no CEP look-up and no telephony.
    CONSIG_CEP_ORIGIN: 'http://127.0.0.1:9',
    CONSIG_SIP_WS_ORIGIN: 'ws://127.0.0.1:9',
    CONSIG_API: `127.0.0.1:${ports.api}`,
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
  const remotes = JSON.parse((await get(`${origin('app')}/remotes.json`, {})).body) as Record<
    string,
    { entry: string; manifest: { name: string } }
  >;
  const config = JSON.parse((await get(`${origin('app')}/config.json`, {})).body) as Record<string, string>;
  // Each remote's current version on this web tier's origin (the placeholders filled in), manifest inlined.
  expect(Object.entries(remotes).map(([name, { entry, manifest }]) => [name, entry, manifest.name])).toEqual(
    REMOTE_APPS.map((app) => {
      const name = app.replace('-', '_');
      return [name, `${origin(app)}/${currentVersion(name)}/remoteEntry.js`, name];
    }),
  );
  expect(config).toMatchObject({ apiUrl: `${origin('app')}/api`, wsUrl: `ws://127.0.0.1:${ports.app}/ws` });

  const remoteOrigins = Object.values(remotes).map(({ entry }) => new URL(entry).origin);
  for (const url of [
    `${origin('app')}/`,
    `${origin('app')}/campanhas/lote/7`,
    `${origin('mf-campaigns')}/remoteEntry.js`,
    `${origin('app')}/config.json`,
  ]) {
    const { headers } = await get(url);
    const policy = String(headers['content-security-policy']);
    expect([url, directive(policy, 'script-src')]).toEqual([url, ["'self'", ...remoteOrigins]]);
    expect(directive(policy, 'connect-src')).toEqual(
      expect.arrayContaining([
        ...remoteOrigins,
        new URL(config.apiUrl).origin,
        new URL(config.wsUrl).origin,
        new URL(config.cepUrl).origin,
      ]),
    );
    expect(directive(policy, 'img-src')).toContain(new URL(config.apiUrl).origin);
    // Call recordings play from object URLs; sounds come from the apps.
    expect(directive(policy, 'media-src')).toEqual(["'self'", ...remoteOrigins, 'blob:']);
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
  const version = currentVersion('mf_campaigns');
  for (const url of [
    `${origin('app')}/remotes.json`,
    `${origin('app')}/config.json`,
    `${origin('mf-campaigns')}/remoteEntry.js`,
    `${origin('mf-campaigns')}/mf-manifest.json`,
    `${origin('mf-campaigns')}/${version}/remoteEntry.js`,
  ]) {
    const response = await get(url);
    expect([url, response.status, response.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
  }
  const remotesJson = await get(`${origin('app')}/remotes.json`);
  expect([remotesJson.headers['content-type'], remotesJson.headers['content-encoding']]).toEqual(['application/json', 'gzip']);

  const chunk = await get(`${origin('app')}/${hashed}`);
  expect(chunk.status).toBe(200);
  expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(chunk.headers['content-encoding']).toBe('gzip');

  for (const url of [`${origin('mf-campaigns')}/${map}`, `${origin('mf-campaigns')}/${version}/${map}`]) {
    const sourceMap = await get(url, {});
    expect([url, sourceMap.status]).toEqual([url, 404]);
    expect(sourceMap.body).not.toContain('sourcesContent');
  }
  // Under a version prefix only that version's files: no history fallback, no other folder of the deploy root.
  for (const path of [`${version}/nao-existe`, 'current/remoteEntry.js', '0.1.0-0123abcd/remoteEntry.js']) {
    expect([path, (await get(`${origin('mf-campaigns')}/${path}`)).status]).toEqual([path, 404]);
  }
  // A missing file is a 404, never index.html in its place (nor cached for a year).
  const missing = await get(`${origin('app')}/nao-existe.0123abcd.js`);
  expect(missing.status).toBe(404);
  expect(missing.headers['cache-control']).toBeUndefined();
});

test('a deploy and a rollback of mf-campaigns on the web tier show on the next page load, without reloading nginx', async () => {
  const first = currentVersion('mf_campaigns');
  // The same build with another navigation label, deployed as CI would (--from a folder built elsewhere).
  const changed = join(dir, 'mf-campaigns-changed');
  cpSync(join(repo, 'mf-campaigns', 'dist'), changed, { recursive: true });
  const manifestFile = join(changed, 'consig-remote.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { navigation: { label: string }[] };
  const entry = manifest.navigation.find(({ label }) => label === 'Campanhas');
  if (!entry) throw new Error('a entrada Campanhas do menu mudou; ajuste este teste');
  entry.label = 'Campanhas (nova versão)';
  writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
  deployScript('deploy', 'mf-campaigns', '--from', changed);
  const second = currentVersion('mf_campaigns');
  expect(second).not.toBe(first);

  const app = origin('app');
  const freshLoad = async (label: string) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signIn(page, app, 'supervisor@demo.com.br', 'Supervisor@123');
    await page.waitForURL(`${app}/dashboard`);
    await page.getByRole('navigation').getByRole('link', { name: label, exact: true }).click();
    await page.waitForURL(`${app}/campanhas`);
    await page.getByRole('columnheader', { name: 'Status processamento' }).waitFor();
    await context.close();
  };
  await freshLoad('Campanhas (nova versão)');
  // The remote's own page (standalone use) is the current version's, with its history fallback.
  const standalone = await get(`${origin('mf-campaigns')}/campanhas/lote/7`);
  expect([standalone.status, standalone.headers['content-type']]).toEqual([200, expect.stringMatching(/^text\/html/)]);
  expect(readFileSync(join(deployRoot, 'mf-campaigns', 'current', 'consig-remote.json'), 'utf8')).toContain('Campanhas (nova versão)');
  // A page still on the old version keeps loading its chunks; the new one is served beside it.
  for (const version of [first, second]) {
    const url = `${origin('mf-campaigns')}/${version}/remoteEntry.js`;
    expect([url, (await get(url)).status]).toEqual([url, 200]);
  }

  deployScript('rollback', 'mf-campaigns');
  expect(currentVersion('mf_campaigns')).toBe(first);
  const remotes = JSON.parse((await get(`${app}/remotes.json`, {})).body) as Record<string, { entry: string }>;
  expect(remotes.mf_campaigns.entry).toBe(`${origin('mf-campaigns')}/${first}/remoteEntry.js`);
  await freshLoad('Campanhas');
  for (const version of [first, second]) {
    const url = `${origin('mf-campaigns')}/${version}/remoteEntry.js`;
    expect([url, (await get(url)).status]).toEqual([url, 200]);
  }
}, 120_000);
