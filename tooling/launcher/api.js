// The API as a child of the launcher: which entry point runs, waiting until it listens, restarting it when it
// crashes, and never leaving it behind.
const { spawn } = require('node:child_process');
const { EventEmitter, once } = require('node:events');
const fs = require('node:fs');
const net = require('node:net');
const path = require('node:path');
const { describeExit } = require('../../telephony/daemon');
const { portInUse } = require('./ports');
const { RESTART, restarter, seconds } = require('./supervision');

const root = path.join(__dirname, '..', '..');

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

const isRunning = (child) => child.exitCode === null && child.signalCode === null;

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
    probe.once('error', (error) => reject(error.code === 'EADDRINUSE' ? new Error(portInUse(port, 'da API', 'API_PORT')) : error));
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

module.exports = { startApi };
