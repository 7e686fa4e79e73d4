// The product launcher's public entry (`npm start`, the browser tests, the benches: '@consig/tooling/product').
// It holds no code of its own: each concern is a module of tooling/launcher/ (docs/architecture.md "Parts"),
// and the list of apps is tooling/apps.js.
const { REMOTES } = require('./apps');
const { startApi } = require('./launcher/api');
const { DEFAULT_PORTS, portsFromEnv, freeUdpPort } = require('./launcher/ports');
const { runProduct } = require('./launcher/runProduct');
const { DEFAULT_CEP_URL, runtimeConfig } = require('./launcher/runtimeConfig');
const { startProduct, closeServer } = require('./launcher/startProduct');

module.exports = {
  // Where deployed versions live and how the web tier is told about them.
  ...require('./launcher/deployState'),
  startProduct,
  runProduct,
  freeUdpPort,
  startApi,
  closeServer,
  portsFromEnv,
  runtimeConfig,
  REMOTES,
  DEFAULT_PORTS,
  DEFAULT_CEP_URL,
};
