// The one list of the product's browser apps: the host shell and the remotes it loads at runtime. Everything
// that names the apps reads it: the launcher (ports, one server each, remotes.json), each app's
// webpack.config.js (federation name, dev-server port), the lint's zones, the root jest.config.js, the
// README's scripts (build, deploy, bench); pnpm-workspace.yaml takes them by its `mf-*` pattern (apps.test.js
// checks it). Adding a remote is one entry here. Plain data, Node built-ins only: loading it loads nothing else.
const path = require('node:path');

/**
 * @typedef {object} App
 * @property {string} name          federation name, a JS identifier ('host' for the shell); the key of its port
 * @property {string} dir           its folder at the repository's root
 * @property {number} port          default port of its server (`npm start`) and of its dev server
 * @property {string} portVariable  the environment variable that moves that port
 */

/** @type {App} */
const HOST = { name: 'host', dir: 'host', port: 8080, portVariable: 'APP_PORT' };

/** The remotes, in the order the host's remotes.json lists them. */
const REMOTES = /** @type {App[]} */ (
  [
    { name: 'mf_attendance', dir: 'mf-attendance', port: 8081 },
    { name: 'mf_campaigns', dir: 'mf-campaigns', port: 8082 },
    { name: 'mf_followup', dir: 'mf-followup', port: 8083 },
    { name: 'mf_telephony', dir: 'mf-telephony', port: 8084 },
    { name: 'mf_reports', dir: 'mf-reports', port: 8085 },
    { name: 'mf_cadastros', dir: 'mf-cadastros', port: 8086 },
  ].map((remote) => ({ ...remote, portVariable: `${remote.name.toUpperCase()}_PORT` }))
);

/** The host first, then the remotes. */
const APPS = [HOST, ...REMOTES];

/**
 * What an app's webpack.config.js passes to createAppConfig: its folder, federation name and port. The app is
 * found by its package's name, @consig/<folder>, not by the folder's own name, so a copy of the folder elsewhere
 * (`npm run deploy -- <app> --source <copy>`) builds as the same app. One missing from the list is an error: a
 * new remote cannot build unlisted.
 * @param {string} dir the app's folder (its webpack.config.js's __dirname)
 */
function appAt(dir) {
  const packageName = require(path.join(dir, 'package.json')).name;
  const app = APPS.find((candidate) => packageName === `@consig/${candidate.dir}`);
  if (!app) throw new Error(`${packageName} (${dir}) is not in tooling/apps.js, the list of apps`);
  return { dir, name: app.name, port: app.port };
}

module.exports = { HOST, REMOTES, APPS, appAt };
