// Starts the whole product from its production builds: one static server per app (tooling/apps.js), the
// integrators' example page, the SIP edge when it is installed, and the API. The parts live beside this file.
const path = require('node:path');
const { HOST, REMOTES } = require('../apps');
const { serveStatic } = require('../serve');
const { startApi } = require('./api');
const { DEFAULT_DEPLOY_ROOT, remotesDocument } = require('./deployState');
const { portInUse, portsFromEnv } = require('./ports');
const { serveRemote } = require('./remoteServer');
const { DEFAULT_CEP_URL, runtimeConfig } = require('./runtimeConfig');
const { prepareTelephony } = require('./telephony');

const root = path.join(__dirname, '..', '..');

/** Stops a static server now, keep-alive connections included (a remote going down, or shutdown). */
function closeServer(server) {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
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
 *           apiRestart?: Partial<typeof import('./supervision').RESTART>, log?: (line: string) => void,
 *           telephony?: false | { kamailioPath?: string, restart?: Partial<typeof import('./supervision').RESTART> } }} [options]
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
      throw error.code === 'EADDRINUSE' ? new Error(portInUse(ports[name], `(${name})`, variable)) : error;
    });
  let api;
  const sip = telephonyOptions
    ? await prepareTelephony({
        ports,
        publicHost,
        env: { ...process.env, ...apiEnv },
        kamailioPath: telephonyOptions.kamailioPath,
        restart: telephonyOptions.restart,
        log,
      })
    : undefined;
  let telephony;
  try {
    // The static servers first, then Kamailio: they start in milliseconds, so a port in use fails before
    // the API's seconds of start-up.
    // The softphone connects to Kamailio's WebSocket, an address the API hands out: the pages' CSP allows it.
    const connectSrc = [sip?.apiEnv.SIP_WS_URL].filter(Boolean);
    for (const { name, dir, portVariable } of REMOTES) {
      // A remote's own page (standalone use) reads config.json beside it and has client-side routes, like the host.
      sites[name] = await serve(name, portVariable, { remote: { name, dir }, deployRoot, config, connectSrc }, serveRemote);
    }
    sites[HOST.name] = await serve(HOST.name, HOST.portVariable, {
      dir: path.join(root, HOST.dir, 'dist'),
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
    api = await startApi({
      port: ports.api,
      env: { ...sip?.apiEnv, ...apiEnv },
      stdio: apiStdio,
      entry: apiEntry,
      restart: apiRestart,
      log,
    });
  } catch (error) {
    await Promise.all([closeAll(), sip?.stop()]);
    throw error;
  }
  return {
    urls: { app: url(ports[HOST.name]), api: url(ports.api), remotes, ...(sites.integrator ? { integrator: url(ports.integrator) } : {}) },
    sites,
    api,
    telephony,
    // All at once: api.stop() first marks the API's end as expected (a Ctrl+C reaches the API directly too,
    // and its exit must not be taken for a crash).
    stop: () => Promise.all([api.stop(), closeAll(), sip?.stop()]).then(() => undefined),
  };
}

module.exports = { startProduct, closeServer };
