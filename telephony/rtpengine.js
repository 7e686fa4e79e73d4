// Runs rtpengine, the media relay every call goes through (docs/architecture.md "Telephony"): WebRTC
// (ICE, DTLS-SRTP) towards browsers, plain RTP towards the carrier, and the recordings. Kamailio drives it
// over its control socket (the ng protocol). Userspace forwarding only: no kernel module is loaded or
// needed. Node built-ins only: the README's scripts load it before anything is installed.
const dgram = require('node:dgram');
const fs = require('node:fs');
const path = require('node:path');
const { startDaemon } = require('./daemon');

const DEFAULT_RTPENGINE_PATH = '/usr/bin/rtpengine';

/** The executable: RTPENGINE_PATH, else Debian's (package rtpengine-daemon). */
const rtpenginePath = (env = process.env) => env.RTPENGINE_PATH || DEFAULT_RTPENGINE_PATH;
const rtpengineInstalled = (env = process.env) => fs.existsSync(rtpenginePath(env));

/** RTP ports: each call takes two per side (RTP and RTCP), so 2000 ports carry some 500 calls. */
const DEFAULT_PORTS = { min: 30000, max: 31999 };

/**
 * rtpengine's settings from the variables of README "Configuration": the media address (RTP_ADDRESS, else
 * the first address Kamailio listens on that is not loopback, else loopback), the address browsers and the carrier are told to send to when it
 * differs (RTP_PUBLIC_ADDRESS: behind NAT), the port range (RTP_PORT_MIN/RTP_PORT_MAX), the control port
 * and where recordings are spooled. Returns { settings, problems }.
 */
function rtpengineSettings({ env, stateDir, ngPort, listen }) {
  const problems = [];
  const listened = listen
    .replace(/[()]/g, '')
    .split(',')
    .map((item) => item.trim());
  const address = env.RTP_ADDRESS || listened.find((item) => item !== '127.0.0.1' && item !== '0.0.0.0') || '127.0.0.1';
  const publicAddress = env.RTP_PUBLIC_ADDRESS || '';
  const ipv4 = /^\d{1,3}(\.\d{1,3}){3}$/;
  if (!ipv4.test(address)) problems.push('RTP_ADDRESS: deve ser um endereço IPv4 desta máquina.');
  if (publicAddress && !ipv4.test(publicAddress)) problems.push('RTP_PUBLIC_ADDRESS: deve ser um endereço IPv4.');
  const min = Number(env.RTP_PORT_MIN || DEFAULT_PORTS.min);
  const max = Number(env.RTP_PORT_MAX || DEFAULT_PORTS.max);
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 1024 || max > 65535 || max - min < 3) {
    problems.push('RTP_PORT_MIN/RTP_PORT_MAX: devem ser portas entre 1024 e 65535, com ao menos 4 portas no intervalo.');
  }
  return {
    problems,
    settings: {
      address,
      publicAddress,
      ports: { min, max },
      ngPort,
      spoolDir: path.join(stateDir, 'recordings-spool'),
      logFile: path.join(stateDir, 'rtpengine.log'),
      rtpenginePath: rtpenginePath(env),
    },
  };
}

/** Kamailio's rtpengine_sock for rtpengine's control port (always on loopback). */
const ngSocket = (ngPort) => `udp:127.0.0.1:${ngPort}`;

function rtpengineArgs(settings) {
  const iface = settings.publicAddress ? `${settings.address}!${settings.publicAddress}` : settings.address;
  return [
    // Never Debian's /etc/rtpengine/rtpengine.conf (its control and CLI ports would clash between instances).
    '--config-file=none',
    '--foreground',
    '--log-stderr',
    '--log-level=5',
    '--table=-1',
    `--interface=${iface}`,
    `--listen-ng=127.0.0.1:${settings.ngPort}`,
    `--port-min=${settings.ports.min}`,
    `--port-max=${settings.ports.max}`,
    // Recordings: one pcap per call (both parties), turned into a WAV by the API once the call ends.
    `--recording-dir=${settings.spoolDir}`,
    '--recording-method=pcap',
    '--recording-format=raw',
    // A call's memory and files are released as soon as Kamailio deletes it (the default waits 30 s).
    '--delete-delay=0',
    '--num-threads=2',
  ];
}

/** Sends one ng command (bencoded) and resolves with rtpengine's raw answer, or undefined after `timeoutMs`. */
function ngCommand(port, bencoded, timeoutMs = 500) {
  return new Promise((resolve) => {
    const socket = dgram.createSocket('udp4');
    const cookie = Math.random().toString(36).slice(2, 10);
    const done = (answer) => {
      clearTimeout(timer);
      socket.close();
      resolve(answer);
    };
    const timer = setTimeout(() => done(undefined), timeoutMs);
    socket.on('message', (message) => {
      const text = message.toString('latin1');
      if (text.startsWith(`${cookie} `)) done(text.slice(cookie.length + 1));
    });
    socket.on('error', () => done(undefined));
    socket.send(`${cookie} ${bencoded}`, port, '127.0.0.1');
  });
}

/** Whether rtpengine answers `ping` with `pong` on its control port. */
const pings = async (port) => (await ngCommand(port, 'd7:command4:pinge', 300)) === 'd6:result4:ponge';

/**
 * Starts rtpengine with `settings` and resolves once its control port answers. Its log (stderr) goes to
 * settings.logFile, never to the terminal. Returns startDaemon's answer (pid, stop, exited).
 */
async function startRtpengine(settings) {
  fs.mkdirSync(settings.spoolDir, { recursive: true });
  return startDaemon({
    name: 'O rtpengine',
    executable: settings.rtpenginePath,
    args: rtpengineArgs(settings),
    env: { PATH: process.env.PATH || '/usr/sbin:/usr/bin:/sbin:/bin' },
    logFile: settings.logFile,
    ready: () => pings(settings.ngPort),
    waitingFor: `respondeu na porta de controle ${settings.ngPort}`,
  });
}

module.exports = { rtpenginePath, rtpengineInstalled, rtpengineSettings, rtpengineArgs, ngSocket, ngCommand, pings, startRtpengine };
