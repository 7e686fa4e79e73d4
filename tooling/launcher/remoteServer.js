// One remote's server: every deployed version under its own prefix, the current one at the root.
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { staticHandler } = require('../serve');
const { currentBuild, VERSION_FOLDER } = require('./deployState');

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

module.exports = { serveRemote };
