// The launcher's ports: the defaults, the environment variables that move them, a free one when a caller
// leaves one open, and the message for one already taken.
const dgram = require('node:dgram');
const net = require('node:net');
const { APPS } = require('../apps');

/**
 * Each app's (tooling/apps.js), the API's and the integrators' example page's; `sip` (SIP over UDP and TCP)
 * and `sipWs` (SIP over WebSocket, the softphones') are Kamailio's; `rtpengineNg` rtpengine's control port
 * (UDP, on 127.0.0.1: only Kamailio and the API speak to it).
 */
const DEFAULT_PORTS = {
  ...Object.fromEntries(APPS.map(({ name, port }) => [name, port])),
  api: 3000,
  integrator: 8090,
  sip: 5060,
  sipWs: 8089,
  rtpengineNg: 22222,
};

/**
 * Ports from the environment (APP_PORT, API_PORT, MF_ATTENDANCE_PORT, ..., SIP_PORT, SIP_WS_PORT), else the
 * defaults. Kamailio's WebSocket port defaults to the port of SIP_WS_URL, the address the API hands browsers.
 * @returns {Record<string, number>}
 */
function portsFromEnv(env = process.env) {
  const pick = (key, fallback) => Number(env[key] || fallback);
  return {
    ...Object.fromEntries(APPS.map(({ name, portVariable }) => [name, pick(portVariable, DEFAULT_PORTS[name])])),
    api: pick('API_PORT', DEFAULT_PORTS.api),
    integrator: pick('INTEGRATOR_PORT', DEFAULT_PORTS.integrator),
    sip: pick('SIP_PORT', DEFAULT_PORTS.sip),
    sipWs: pick('SIP_WS_PORT', plainWebSocketPort(env.SIP_WS_URL) || DEFAULT_PORTS.sipWs),
    rtpengineNg: pick('RTPENGINE_NG_PORT', DEFAULT_PORTS.rtpengineNg),
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

/** What the operator reads when a port is taken: `what` names its server, `variable` the setting that moves it. */
const portInUse = (port, what, variable) =>
  `A porta ${port} ${what} já está em uso por outro processo (um "npm start" anterior ainda rodando?). Encerre-o ou escolha outra porta em ${variable}.`;

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

/** A UDP port nobody holds on 127.0.0.1 right now (rtpengine's control port in tests). */
function freeUdpPort() {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

module.exports = { DEFAULT_PORTS, portsFromEnv, portInUse, freePort, freeUdpPort };
