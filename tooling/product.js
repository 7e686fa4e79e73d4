// Starts the whole product from its production builds: the API and one static server per app, the way
// `npm start` runs it and the browser tests drive it.
const { spawn } = require('node:child_process');
const http = require('node:http');
const { EventEmitter, once } = require('node:events');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { serveStatic, staticHandler } = require('./serve');
const { INSTALL_COMMAND, describeExit, kamailioInstalled, kamailioPath, startKamailio, telephonySettings } = require('../telephony/kamailio');

const root = path.join(__dirname, '..');

/** Folder and federation name of every remote; the host finds them through remotes.json. */
const REMOTES = [
  { name: 'mf_attendance', dir: 'mf-attendance' },
  { name: 'mf_campaigns', dir: 'mf-campaigns' },
  { name: 'mf_followup', dir: 'mf-followup' },
  { name: 'mf_telephony', dir: 'mf-telephony' },
];

/** `sip` (SIP over UDP and TCP) and `sipWs` (SIP over WebSocket, the softphones') are Kamailio's. */
const DEFAULT_PORTS = {
  host: 8080,
  api: 3000,
  mf_attendance: 8081,
  mf_campaigns: 8082,
  mf_followup: 8083,
  mf_telephony: 8084,
  integrator: 8090,
  sip: 5060,
  sipWs: 8089,
};

/**
 * Ports from the environment (APP_PORT, API_PORT, MF_ATTENDANCE_PORT, ..., SIP_PORT, SIP_WS_PORT), else the
 * defaults. Kamailio's WebSocket port defaults to the port of SIP_WS_URL, the address the API hands browsers.
 * @returns {Record<string, number>}
 */
function portsFromEnv(env = process.env) {
  const pick = (key, fallback) => Number(env[key] || fallback);
  return {
    host: pick('APP_PORT', DEFAULT_PORTS.host),
    api: pick('API_PORT', DEFAULT_PORTS.api),
    ...Object.fromEntries(REMOTES.map(({ name }) => [name, pick(`${name.toUpperCase()}_PORT`, DEFAULT_PORTS[name])])),
    integrator: pick('INTEGRATOR_PORT', DEFAULT_PORTS.integrator),
    sip: pick('SIP_PORT', DEFAULT_PORTS.sip),
    sipWs: pick('SIP_WS_PORT', plainWebSocketPort(env.SIP_WS_URL) || DEFAULT_PORTS.sipWs),
  };
}

/** The port of a ws:// address that names one (a wss:// one is a TLS proxy's, not Kamailio's). */
function plainWebSocketPort(url) {
  try {
    const { protocol, port } = new URL(url);
    return protocol === 'ws:' && port ? Number(port) : undefined;
  } catch {
    return undefined;
  }
}

/** The CEP look-up's service when CEP_URL names no other: the public ViaCEP (product-spec §7). */
const DEFAULT_CEP_URL = 'https://viacep.com.br';

/**
 * The config.json every app reads at start-up (shared/src/runtimeConfig.ts): the API's addresses as
 * browsers reach them, and the ViaCEP-compatible service of the CEP look-up.
 */
function runtimeConfig({ publicHost, apiPort, cepUrl }) {
  // STUN_URLS: comma-separated STUN servers for the softphone's media (none on a LAN, the default).
  const iceServers = (process.env.STUN_URLS || '').split(',').map((url) => url.trim()).filter(Boolean).map((urls) => ({ urls }));
  return { apiUrl: `http://${publicHost}:${apiPort}`, wsUrl: `ws://${publicHost}:${apiPort}/ws`, cepUrl, iceServers };
}

/** Where `npm run deploy` keeps each remote's versions and which one is current (scripts/deploy.mjs). */
const DEFAULT_DEPLOY_ROOT = path.join(root, '.deploy');

/** The deploy state: federation name → { current, history } (versions are folder names under <deployRoot>/<dir>/). */
function readDeployState(deployRoot) {
  try {
    return JSON.parse(fs.readFileSync(path.join(deployRoot, 'remotes.json'), 'utf8'));
  } catch {
    return {};
  }
}

/** A version folder name as scripts/deploy.mjs makes them (<version>-<contenthash>), never a path trick. */
const VERSION_FOLDER = /^\d[\w.+]*-[0-9a-f]{8,}$/;

function readJsonOrNull(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * What a remote's server serves, read on every request so a deploy or a rollback is visible on the next
 * load without restarting: the current deployed version's folder (and URL prefix), else <app>/dist.
 */
function currentBuild(deployRoot, { name, dir }) {
  const version = readDeployState(deployRoot)[name]?.current;
  const folder = version && path.join(deployRoot, dir, version);
  if (folder && VERSION_FOLDER.test(version) && fs.existsSync(path.join(folder, 'remoteEntry.js'))) return { folder, prefix: `/${version}` };
  return { folder: path.join(root, dir, 'dist'), prefix: '' };
}

/**
 * The remotes.json the host reads at start-up: each remote's entry (its current version's remoteEntry.js
 * under `remoteUrl(name)`, the remote's origin) with its manifest inlined, read from disk, so the host knows
 * a remote's routes even while that remote's server is down. `npm start` makes it on every request; the
 * web tier serves the copy scripts/deploy.mjs writes with originPlaceholder in place of the origins.
 */
function remotesDocument(deployRoot, remoteUrl) {
  return Object.fromEntries(
    REMOTES.map((remote) => {
      const { folder, prefix } = currentBuild(deployRoot, remote);
      const manifest = readJsonOrNull(path.join(folder, 'consig-remote.json'));
      const entry = `${remoteUrl(remote.name)}${prefix}/remoteEntry.js`;
      return [remote.name, { entry, ...(manifest ? { manifest } : {}) }];
    }),
  );
}

/**
 * The web tier's stand-in for a remote's origin in <deployRoot>/host-remotes.json: nginx replaces it with
 * the origin browsers reach that remote at (deploy/nginx/templates/consig.conf.template, sub_filter).
 */
const originPlaceholder = (name) => `@${name}@`;

/** The host's remotes.json as scripts/deploy.mjs writes it for the web tier (origins as originPlaceholder). */
const HOST_REMOTES_FILE = 'host-remotes.json';

/**
 * One remote's server: every deployed version under its own immutable prefix (/0.1.0-3f2a9c1b/remoteEntry.js
 * and its chunks, so a page still running an older version keeps loading that version's chunks), and at
 * the root the current version (or <app>/dist) as a standalone page. Each folder is served by serve.js's
 * handler (one per folder, kept); this server only routes requests to them. Returns the listening server.
 */
function serveRemote({ remote, port, deployRoot, config, connectSrc }) {
  const versionsDir = path.join(deployRoot, remote.dir);
  /** @type {Map<string, import('node:http').RequestListener>} */
  const handlers = new Map();
  const handlerFor = (dir, spa) => {
    const key = `${dir}#${spa}`;
    if (!handlers.has(key)) handlers.set(key, staticHandler({ dir, spa, json: spa ? { '/config.json': config } : {}, connectSrc }));
    return handlers.get(key);
  };
  const server = http.createServer((req, res) => {
    const [, first = '', ...rest] = (req.url || '/').split('/');
    const folder = path.join(versionsDir, first);
    if (VERSION_FOLDER.test(first) && fs.existsSync(folder)) {
      req.url = `/${rest.join('/')}`;
      handlerFor(folder, false)(req, res);
      return;
    }
    handlerFor(currentBuild(deployRoot, remote).folder, true)(req, res);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '0.0.0.0', () => resolve(server));
  });
}

/** The API's entry points: the build (`npm run build` in api/, plain Node) and the source (TypeScript through tsx). */
const API_BUILT_ENTRY = path.join(root, 'api', 'dist', 'server.js');
const API_SOURCE_ENTRY = path.join(root, 'api', 'src', 'server.ts');

/**
 * The built API when api/dist is up to date (api/dist/build.json lists every source it compiled: none changed
 * or went away since), else the source through tsx, so a test or bench run after an edit never runs stale code.
 */
function apiEntry() {
  try {
    const build = JSON.parse(fs.readFileSync(path.join(root, 'api', 'dist', 'build.json'), 'utf8'));
    const builtAt = Date.parse(build.builtAt);
    const fresh = build.inputs.every((file) => fs.statSync(path.join(root, file)).mtimeMs <= builtAt);
    return fresh ? API_BUILT_ENTRY : API_SOURCE_ENTRY;
  } catch {
    return API_SOURCE_ENTRY; // never built, or a listed source is gone
  }
}

/** How Node runs an entry point: TypeScript through tsx's loader, JavaScript as it is (with its source maps). */
const nodeArgs = (entry) => (entry.endsWith('.ts') ? ['--import', 'tsx', entry] : ['--enable-source-maps', entry]);

/** How long a fresh API may take to listen: a new PGlite folder is initialised, migrated and seeded. */
const API_START_TIMEOUT_MS = 120_000;

/**
 * Restarting an API that crashes: after `delayMs`, doubled at each crash in a row up to `maxDelayMs`;
 * after `limit` restarts in a row the launcher gives up. An API that stayed up `resetAfterMs` starts a new row.
 */
const RESTART = { limit: 5, delayMs: 1000, maxDelayMs: 30_000, resetAfterMs: 60_000 };

const inUse = (port, what, variable) =>
  `A porta ${port} ${what} já está em uso por outro processo (um "npm start" anterior ainda rodando?). Encerre-o ou escolha outra porta em ${variable}.`;

const seconds = (ms) => String(ms / 1000).replace('.', ',');

const isRunning = (child) => child.exitCode === null && child.signalCode === null;

/**
 * The restart policy (RESTART) of a process the launcher keeps running: the API and Kamailio. Its owner calls
 * `crashed(how, upMs)` when the process ends unexpectedly (`how` in describeExit's words; `upMs` how long it
 * had been up, 0 when it failed to start); the restarter logs one line, waits and calls `launch()`, which
 * resolves once the new process is ready (a rejection, its error's `how` or message, is one more crash). Past
 * `policy.limit` crashes in a row it logs "<subject> terminou ... N vezes seguidas; <giveUp>" and calls onGaveUp.
 * `cancel()` drops a restart that is waiting; `stop()` also ignores every later crash (the owner is stopping).
 * @param {{ subject: string, giveUp: string, policy: typeof RESTART, launch: () => Promise<unknown>,
 *           log: (line: string) => void, onRestarted?: () => void, onGaveUp?: () => void }} options
 */
function restarter({ subject, giveUp, policy, launch, log, onRestarted = () => undefined, onGaveUp = () => undefined }) {
  let crashes = 0;
  let pending = null;
  let stopped = false;
  const cancel = () => {
    clearTimeout(pending);
    pending = null;
  };
  const crashed = (how, upMs) => {
    if (stopped) return;
    if (upMs >= policy.resetAfterMs) crashes = 0;
    crashes += 1;
    if (crashes > policy.limit) {
      log(`${subject} terminou inesperadamente (${how}) ${crashes} vezes seguidas; ${giveUp}`);
      onGaveUp();
      return;
    }
    const delay = Math.min(policy.delayMs * 2 ** (crashes - 1), policy.maxDelayMs);
    log(`${subject} terminou inesperadamente (${how}); reiniciando em ${seconds(delay)} s (tentativa ${crashes} de ${policy.limit}).`);
    cancel();
    pending = setTimeout(() => {
      pending = null;
      if (stopped) return;
      launch().then(onRestarted, (error) => crashed(error.how ?? error.message, 0));
    }, delay);
  };
  return {
    crashed,
    cancel,
    stop() {
      stopped = true;
      cancel();
    },
  };
}

/**
 * API processes this process started. Whatever way this process exits (an uncaught exception included),
 * they are told to stop; and each API also stops on its own when its IPC channel to us closes, which
 * covers the deaths that run no code at all (SIGKILL).
 */
const apiProcesses = new Set();
process.on('exit', () => {
  for (const child of apiProcesses) child.kill('SIGTERM');
});

/** Fails when something already listens on the port: an API left behind must never be taken for ours. */
function ensurePortFree(port, host) {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (error) => reject(error.code === 'EADDRINUSE' ? new Error(inUse(port, 'da API', 'API_PORT')) : error));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}

/**
 * Resolves when the API `child` reports { type: 'listening' } over its IPC channel (api/src/server.ts
 * sends it once its port is open). Only the process we started can send it, so an answer from some other
 * process on the port is never taken for ours.
 */
function untilListening(child, timeoutMs) {
  return new Promise((resolve, reject) => {
    const settle = (done, value) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
      done(value);
    };
    const onMessage = (message) => {
      if (message?.type === 'listening') settle(resolve);
    };
    const failed = (how, text) => settle(reject, Object.assign(new Error(text), { how }));
    const onExit = (code, signal) => failed(describeExit(code, signal), `a API terminou ao iniciar (${describeExit(code, signal)})`);
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      failed(`sem resposta em ${seconds(timeoutMs)} s`, `a API não ficou pronta em ${seconds(timeoutMs)} s`);
    }, timeoutMs);
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

/** Stops an API process (it closes its HTTP server and database on SIGTERM, within 10 s). */
async function stopProcess(child) {
  if (!isRunning(child)) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(force);
}

/** A TCP port nothing listens on right now (for a server whose port the caller left open). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Stops a static server now, keep-alive connections included (a remote going down, or shutdown). */
function closeServer(server) {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * Runs the API server (api/dist with plain Node when it is up to date, else the TypeScript source through
 * tsx: apiEntry) as a child process with an IPC channel, waits
 * until it listens, and restarts it when it crashes (see RESTART; one line through `log` per restart).
 * Returns an EventEmitter with `child` (the current process) and `stop()`; it emits 'restarted' (the new
 * child) once a restarted API listens, and 'gave-up' when the API kept crashing.
 * `entry`: the API's entry point (tests use a stand-in).
 * @param {{ port: number, env?: Record<string, string>, stdio?: import('node:child_process').StdioOptions,
 *           entry?: string, restart?: Partial<typeof RESTART>, log?: (line: string) => void }} options
 */
async function startApi({ port, env = {}, stdio = 'inherit', entry = apiEntry(), restart = {}, log = (line) => console.error(line) }) {
  const policy = { ...RESTART, ...restart };
  await ensurePortFree(port, env.API_HOST || process.env.API_HOST || '0.0.0.0');

  const api = new EventEmitter();

  const launch = async () => {
    const child = spawn(process.execPath, nodeArgs(entry), {
      cwd: path.join(root, 'api'),
      env: { ...process.env, ...env, API_PORT: String(port) },
      stdio: [...(typeof stdio === 'string' ? [stdio, stdio, stdio] : stdio.slice(0, 3)), 'ipc'],
    });
    apiProcesses.add(child);
    child.once('exit', () => apiProcesses.delete(child));
    api.child = child;
    await untilListening(child, API_START_TIMEOUT_MS);
    const upSince = Date.now();
    child.once('exit', (code, signal) => restarts.crashed(describeExit(code, signal), Date.now() - upSince));
  };
  const restarts = restarter({
    subject: 'A API',
    giveUp: 'desistindo.',
    policy,
    launch,
    log,
    onRestarted: () => api.emit('restarted', api.child),
    onGaveUp: () => api.emit('gave-up'),
  });

  await launch();
  api.stop = async () => {
    restarts.stop();
    await stopProcess(api.child);
  };
  return api;
}

/** The API's PGlite folder as the API resolves it (relative to api/); the telephony folder sits beside it. */
function telephonyStateDir(env) {
  const dataDir = path.resolve(root, 'api', env.DATA_DIR || path.join('..', '.data', 'pglite'));
  return path.join(path.dirname(dataDir), 'telephony');
}

/**
 * The SIP server beside the API (docs/architecture.md "Telephony"). Settles the settings both share: the
 * secret (SIP_SECRET, else generated once and kept in the telephony folder beside the data folder), the
 * realm (SIP_REALM) and the address browsers reach Kamailio at (SIP_WS_URL, else ws://publicHost:sipWs).
 * `start()` runs Kamailio when it is installed; otherwise it says so in one line and the product runs
 * without telephony. A Kamailio that ends unexpectedly is started again on the same ports, as the API is
 * (RESTART, or `restart`; one line through `log` each time, and one when it gives up: telephony is off).
 * Throws on settings Kamailio cannot use (a caller number without 0303...), before anything starts.
 * @param {{ ports: Record<string, number>, publicHost: string, env: Record<string, string | undefined>,
 *           kamailioPath?: string, restart?: Partial<typeof RESTART>, log: (line: string) => void }} options
 */
async function prepareTelephony({ ports, publicHost, env, kamailioPath: executable, restart = {}, log }) {
  const settings = telephonySettings({
    env,
    stateDir: telephonyStateDir(env),
    wsPort: ports.sipWs ?? (await freePort()),
    sipPort: ports.sip ?? (await freePort()),
    listenHost: env.API_HOST || '0.0.0.0',
  });
  settings.kamailioPath = executable || kamailioPath(env);
  const wsUrl = env.SIP_WS_URL || `ws://${publicHost}:${settings.wsPort}`;
  /** The Kamailio running now (startKamailio's answer); undefined while none is. */
  let current;
  let stopped = false;
  // Starts and stops one at a time: a crash's restart, restart() and stop() may overlap, and two Kamailios
  // can never hold the same ports.
  let queue = Promise.resolve();
  const serially = (task) => {
    const run = queue.then(task);
    queue = run.catch(() => undefined);
    return run;
  };
  const start = async () => {
    if (stopped) return;
    const kamailio = await startKamailio(settings);
    current = kamailio;
    const upSince = Date.now();
    kamailio.exited.then(({ code, signal }) => {
      // restart() and stop() clear `current` or set `stopped` first: only an end nobody asked for is a crash.
      if (current !== kamailio || stopped) return;
      current = undefined;
      restarts.crashed(describeExit(code, signal), Date.now() - upSince);
    });
  };
  const restarts = restarter({
    subject: 'O Kamailio',
    giveUp: `a telefonia está desligada até o próximo "npm start" (veja o registro do Kamailio em ${settings.logFile}).`,
    policy: { ...RESTART, ...restart },
    launch: () => serially(start),
    log,
  });
  return {
    /** What the API is started with, so it hands out credentials this Kamailio accepts. */
    apiEnv: { SIP_SECRET: settings.secret, SIP_REALM: settings.realm, SIP_WS_URL: wsUrl },
    /** Starts Kamailio; resolves with what tests and the start-up summary need, or null when telephony is off. */
    async start() {
      if (!kamailioInstalled({ KAMAILIO_PATH: settings.kamailioPath })) {
        log(`Telefonia desligada: o Kamailio não está instalado (${settings.kamailioPath}). Para ligar: sudo ${INSTALL_COMMAND} (ou defina KAMAILIO_PATH).`);
        return null;
      }
      await serially(start);
      return {
        wsUrl,
        realm: settings.realm,
        secret: settings.secret,
        ports: { sip: settings.sipPort, sipWs: settings.wsPort },
        logFile: settings.logFile,
        /** Kamailio's main process right now (undefined while it is being restarted). */
        get pid() {
          return current?.pid;
        },
        /** Stops Kamailio and starts it again on the same ports (registrations are lost, as after a crash). */
        restart: () =>
          serially(async () => {
            restarts.cancel();
            const previous = current;
            current = undefined;
            await previous?.stop();
            await start();
          }),
      };
    },
    async stop() {
      stopped = true;
      restarts.stop();
      await queue;
      await current?.stop();
    },
  };
}

/**
 * Starts API + host + remotes, and Kamailio (the SIP server) when it is installed. `publicHost` is the name
 * browsers use to reach this machine; `cepUrl` the CEP look-up's service (default: CEP_URL, else the public
 * ViaCEP). Ports missing from `ports` for `sip`/`sipWs` are chosen free; `telephony: false` leaves
 * Kamailio out (`kamailioPath`: another executable than KAMAILIO_PATH or Debian's; `restart`: its restart
 * policy instead of RESTART).
 * `deployRoot`: where `npm run deploy` keeps remote versions (DEPLOY_ROOT, else .deploy/): a remote with a
 * deployed version is served from it, else from <app>/dist.
 * Returns `{ urls, sites, api, telephony, stop }`; `telephony` is null when Kamailio is not running;
 * `closeServer(sites[name])` stops one app (a remote going down). On failure nothing it started is left running.
 * @param {{ ports?: Record<string, number>, publicHost?: string, cepUrl?: string, apiEnv?: Record<string, string>,
 *           apiStdio?: import('node:child_process').StdioOptions, apiEntry?: string,
 *           apiRestart?: Partial<typeof RESTART>, log?: (line: string) => void,
 *           telephony?: false | { kamailioPath?: string, restart?: Partial<typeof RESTART> } }} [options]
 */
async function startProduct({
  ports = portsFromEnv(),
  publicHost = 'localhost',
  cepUrl = process.env.CEP_URL || DEFAULT_CEP_URL,
  apiEnv = {},
  apiStdio = 'inherit',
  apiEntry,
  apiRestart,
  log = (line) => console.error(line),
  telephony: telephonyOptions = {},
  deployRoot = process.env.DEPLOY_ROOT ? path.resolve(process.env.DEPLOY_ROOT) : DEFAULT_DEPLOY_ROOT,
} = {}) {
  /** @type {Record<string, import('node:http').Server>} */
  const sites = {};
  const closeAll = () => Promise.all(Object.values(sites).map(closeServer));
  const url = (port) => `http://${publicHost}:${port}`;
  const config = runtimeConfig({ publicHost, apiPort: ports.api, cepUrl });
  const remotes = Object.fromEntries(REMOTES.map(({ name }) => [name, `${url(ports[name])}/remoteEntry.js`]));
  const serve = (name, variable, options, start = serveStatic) =>
    start({ ...options, port: ports[name] }).catch((error) => {
      throw error.code === 'EADDRINUSE' ? new Error(inUse(ports[name], `(${name})`, variable)) : error;
    });
  let api;
  const sip = telephonyOptions
    ? await prepareTelephony({ ports, publicHost, env: { ...process.env, ...apiEnv }, kamailioPath: telephonyOptions.kamailioPath, restart: telephonyOptions.restart, log })
    : undefined;
  let telephony;
  try {
    // The static servers first, then Kamailio: they start in milliseconds, so a port in use fails before
    // the API's seconds of start-up.
    // The softphone connects to Kamailio's WebSocket, an address the API hands out: the pages' CSP allows it.
    const connectSrc = [sip?.apiEnv.SIP_WS_URL].filter(Boolean);
    for (const { name, dir } of REMOTES) {
      // A remote's own page (standalone use) reads config.json beside it and has client-side routes, like the host.
      sites[name] = await serve(name, `${name.toUpperCase()}_PORT`, { remote: { name, dir }, deployRoot, config, connectSrc }, serveRemote);
    }
    sites.host = await serve('host', 'APP_PORT', {
      dir: path.join(root, 'host', 'dist'),
      spa: true,
      connectSrc,
      json: {
        // A getter: serve.js reads it on every request, so a deploy or rollback shows on the host's next load.
        get '/remotes.json'() {
          return remotesDocument(deployRoot, (name) => url(ports[name]));
        },
        '/config.json': config,
      },
    });
    if (ports.integrator !== undefined) {
      // The integrators' example page (README "Integrators"): its own origin; the API and the campaigns remote
      // come from the same config.json and remotes.json the host gets, so its CSP allows exactly those.
      sites.integrator = await serve('integrator', 'INTEGRATOR_PORT', {
        dir: path.join(root, 'examples', 'integrator'),
        spa: true, // the remote's routes move the address to /campanhas/...; a reload there gets the page back
        json: { '/config.json': config, '/remotes.json': { mf_campaigns: remotes.mf_campaigns } },
      });
    }
    telephony = (await sip?.start()) ?? null;
    api = await startApi({ port: ports.api, env: { ...sip?.apiEnv, ...apiEnv }, stdio: apiStdio, entry: apiEntry, restart: apiRestart, log });
  } catch (error) {
    await Promise.all([closeAll(), sip?.stop()]);
    throw error;
  }
  return {
    urls: { app: url(ports.host), api: url(ports.api), remotes, ...(sites.integrator ? { integrator: url(ports.integrator) } : {}) },
    sites,
    api,
    telephony,
    // All at once: api.stop() first marks the API's end as expected (a Ctrl+C reaches the API directly too,
    // and its exit must not be taken for a crash).
    stop: () => Promise.all([api.stop(), closeAll(), sip?.stop()]).then(() => undefined),
  };
}

/**
 * Whether `signal` was ignored when this process started (Linux: SigIgn in /proc/self/status), as
 * `nohup` does for SIGHUP and a shell for SIGINT in background jobs: that choice is respected.
 */
function ignoredAtStart(signal) {
  const mask = /^SigIgn:\s*([0-9a-f]+)$/m.exec(readFileOrEmpty('/proc/self/status'))?.[1];
  return mask !== undefined && ((BigInt(`0x${mask}`) >> BigInt(os.constants.signals[signal] - 1)) & 1n) === 1n;
}

function readFileOrEmpty(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/**
 * `npm start` once the builds exist: starts the product and ties it to this process. SIGINT (Ctrl+C),
 * SIGTERM, SIGHUP (the terminal closed), an uncaught error or the end of the process that started this one
 * stop every server and the API before this process exits; an API that keeps crashing stops everything.
 * Signals that arrive while the product is starting stop it too (the exit hook above ends the API).
 * @param {Parameters<typeof startProduct>[0]} [options]
 */
async function runProduct(options = {}) {
  const log = options.log ?? ((line) => console.error(line));
  let product;
  let stopping = false;
  const stopAndExit = async (code, message) => {
    if (stopping) return;
    stopping = true;
    log(message);
    try {
      await product?.stop();
    } finally {
      process.exit(code);
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    if (!ignoredAtStart(signal)) process.on(signal, () => void stopAndExit(0, '\nEncerrando...'));
  }
  const failed = (error) => void stopAndExit(1, `Erro inesperado; encerrando tudo: ${error?.stack ?? error}`);
  process.on('uncaughtException', failed);
  process.on('unhandledRejection', failed);
  // npm runs this script through a shell. A process manager stopping npm (SIGTERM) makes npm signal that
  // shell, which dies without passing the signal on: this process is re-parented and nobody would stop
  // it. Polled, as no signal tells a process its parent is gone.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void stopAndExit(0, 'O processo que iniciou este terminou; encerrando...');
  }, 1000).unref();

  // The API's request log goes to a file (API_LOG_FILE, else logs/api.log), not the terminal: the terminal keeps
  // the short summary and what needs the operator (crashes, restarts, stopping).
  const logFile = process.env.API_LOG_FILE ? path.resolve(process.env.API_LOG_FILE) : path.join(root, 'logs', 'api.log');
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const logFd = fs.openSync(logFile, 'a');
  product = await startProduct({ apiStdio: ['ignore', logFd, logFd], ...options, log });
  product.api.on('gave-up', () => void stopAndExit(1, `A API não se mantém no ar; encerrando tudo (veja ${logFile}).`));
  return { ...product, logFile };
}

module.exports = {
  DEFAULT_DEPLOY_ROOT,
  readDeployState,
  VERSION_FOLDER,
  currentBuild,
  remotesDocument,
  originPlaceholder,
  HOST_REMOTES_FILE,
  startProduct,
  runProduct,
  startApi,
  closeServer,
  portsFromEnv,
  runtimeConfig,
  REMOTES,
  DEFAULT_PORTS,
  DEFAULT_CEP_URL,
};
