// Starts the whole product from its production builds: the API and one static server per app, the way
// `npm start` runs it and the browser tests drive it.
const { spawn } = require('node:child_process');
const path = require('node:path');
const { serveStatic } = require('./serve');

const root = path.join(__dirname, '..');

/** Folder and federation name of every remote; the host finds them through remotes.json. */
const REMOTES = [
  { name: 'mf_attendance', dir: 'mf-attendance' },
  { name: 'mf_campaigns', dir: 'mf-campaigns' },
  { name: 'mf_followup', dir: 'mf-followup' },
  { name: 'mf_telephony', dir: 'mf-telephony' },
];

const DEFAULT_PORTS = { host: 8080, api: 3000, mf_attendance: 8081, mf_campaigns: 8082, mf_followup: 8083, mf_telephony: 8084 };

/**
 * Ports from the environment (APP_PORT, API_PORT, MF_ATTENDANCE_PORT, ...), else the defaults.
 * @returns {Record<string, number>}
 */
function portsFromEnv(env = process.env) {
  const pick = (key, fallback) => Number(env[key] || fallback);
  return {
    host: pick('APP_PORT', DEFAULT_PORTS.host),
    api: pick('API_PORT', DEFAULT_PORTS.api),
    ...Object.fromEntries(REMOTES.map(({ name }) => [name, pick(`${name.toUpperCase()}_PORT`, DEFAULT_PORTS[name])])),
  };
}

async function waitForHttp(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`a API terminou ao iniciar (código ${child.exitCode})`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`a API não respondeu em ${url} após ${timeoutMs / 1000} s`);
}

/** Stops a static server now, keep-alive connections included (a remote going down, or shutdown). */
function closeServer(server) {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

/**
 * Runs the API server (TypeScript through tsx) as a child process and waits until it answers.
 * @param {{ port: number, env?: Record<string, string>, stdio?: import('node:child_process').StdioOptions }} options
 */
async function startApi({ port, env = {}, stdio = 'inherit' }) {
  const tsx = require.resolve('tsx/cli', { paths: [path.join(root, 'api')] });
  const child = spawn(process.execPath, [tsx, 'src/server.ts'], {
    cwd: path.join(root, 'api'),
    env: { ...process.env, ...env, API_PORT: String(port) },
    stdio,
  });
  await waitForHttp(`http://127.0.0.1:${port}/`, child, 60_000);
  return {
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Starts API + host + remotes. `publicHost` is the name browsers use to reach this machine.
 * Returns `{ urls, sites, api, stop }`; `closeServer(sites[name])` stops one app (a remote going down).
 * @param {{ ports?: Record<string, number>, publicHost?: string, apiEnv?: Record<string, string>,
 *           apiStdio?: import('node:child_process').StdioOptions }} [options]
 */
async function startProduct({ ports = portsFromEnv(), publicHost = 'localhost', apiEnv = {}, apiStdio = 'inherit' } = {}) {
  const api = await startApi({ port: ports.api, env: apiEnv, stdio: apiStdio });
  /** @type {Record<string, import('node:http').Server>} */
  const sites = {};
  const url = (port) => `http://${publicHost}:${port}`;
  const config = { apiUrl: url(ports.api), wsUrl: `ws://${publicHost}:${ports.api}/ws` };
  for (const { name, dir } of REMOTES) {
    // A remote's own page (standalone use) reads config.json beside it and has client-side routes, like the host.
    sites[name] = await serveStatic({ dir: path.join(root, dir, 'dist'), port: ports[name], spa: true, json: { '/config.json': config } });
  }
  const remotes = Object.fromEntries(REMOTES.map(({ name }) => [name, `${url(ports[name])}/remoteEntry.js`]));
  sites.host = await serveStatic({
    dir: path.join(root, 'host', 'dist'),
    port: ports.host,
    spa: true,
    json: { '/remotes.json': remotes, '/config.json': config },
  });
  const closeAll = () => Promise.all(Object.values(sites).map(closeServer));
  return {
    urls: { app: url(ports.host), api: url(ports.api), remotes },
    sites,
    api,
    stop: async () => {
      await closeAll();
      await api.stop();
    },
  };
}

module.exports = { startProduct, startApi, closeServer, portsFromEnv, REMOTES, DEFAULT_PORTS };
