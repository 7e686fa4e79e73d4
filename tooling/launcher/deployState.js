// The deploy state (scripts/deploy.mjs): which version of each remote is current, and the host's remotes.json
// made from it. Read from disk on every call, so a deploy or a rollback shows without restarting anything.
const fs = require('node:fs');
const path = require('node:path');
const { REMOTES } = require('../apps');

const root = path.join(__dirname, '..', '..');

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
  if (folder && VERSION_FOLDER.test(version) && fs.existsSync(path.join(folder, 'remoteEntry.js')))
    return { folder, prefix: `/${version}` };
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

module.exports = {
  DEFAULT_DEPLOY_ROOT,
  readDeployState,
  VERSION_FOLDER,
  currentBuild,
  remotesDocument,
  originPlaceholder,
  HOST_REMOTES_FILE,
};
