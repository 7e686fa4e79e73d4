// Runs Kamailio with telephony/kamailio.cfg: the SIP server of the browser softphones (docs/architecture.md
// "Telephony"). Used by the product launcher (tooling/product.js), the README's scripts (install) and the
// tests. Node built-ins only: the scripts load it before anything is installed.
const { spawn, spawnSync } = require('node:child_process');
const { once } = require('node:events');
const crypto = require('node:crypto');
const dgram = require('node:dgram');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const CONFIG_FILE = path.join(__dirname, 'kamailio.cfg');
const DEFAULT_KAMAILIO_PATH = '/usr/sbin/kamailio';
const PACKAGES = ['kamailio', 'kamailio-websocket-modules', 'kamailio-autheph-modules'];
const INSTALL_COMMAND = `apt-get install -y ${PACKAGES.join(' ')}`;

/** How long Kamailio may take to open its ports (it takes about 50 ms) and to stop. */
const START_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 10_000;

/** The executable: KAMAILIO_PATH, else Debian's. */
const kamailioPath = (env = process.env) => env.KAMAILIO_PATH || DEFAULT_KAMAILIO_PATH;

/**
 * Whether Kamailio can run this configuration: the executable and, for Debian's, the modules of the two
 * extra packages (websocket, auth_ephemeral), which the base package lacks.
 */
function kamailioInstalled(env = process.env) {
  const executable = kamailioPath(env);
  if (!fs.existsSync(executable)) return false;
  if (executable !== DEFAULT_KAMAILIO_PATH) return true;
  const moduleDirs = ['/usr/lib', '/usr/lib64']
    .flatMap((lib) => [path.join(lib, 'kamailio', 'modules'), ...subdirs(lib).map((dir) => path.join(lib, dir, 'kamailio', 'modules'))])
    .filter((dir) => fs.existsSync(dir));
  return ['websocket.so', 'auth_ephemeral.so'].every((module) => moduleDirs.some((dir) => fs.existsSync(path.join(dir, module))));
}

function subdirs(dir) {
  try {
    return fs.readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
  } catch {
    return [];
  }
}

/**
 * Installs Debian's packages with apt when this process is root and apt exists (output on the terminal);
 * returns whether Kamailio is there afterwards.
 */
function installKamailio() {
  if (process.getuid?.() !== 0 || spawnSync('sh', ['-c', 'command -v apt-get >/dev/null']).status !== 0) return false;
  const command = `apt-get update -qq && DEBIAN_FRONTEND=noninteractive ${INSTALL_COMMAND.replace('-y', '-y -qq')}`;
  return spawnSync('sh', ['-c', command], { stdio: 'inherit' }).status === 0 && kamailioInstalled();
}

/**
 * The outbound trunk (SIP_TRUNK_URI, SIP_CALLER_ID) as Kamailio takes it, or the problems that stop the
 * product from starting, in Portuguese. The API checks the same variables the same way (api/src/config.ts):
 * the caller number must start with 0303, Anatel's code for sales calls (docs/architecture.md "Telephony").
 * @returns {{ trunk?: { uri: string, callerId: string }, problems: string[] }}
 */
function readTrunk(env) {
  const uri = env.SIP_TRUNK_URI || '';
  const callerId = env.SIP_CALLER_ID || '';
  const problems = [];
  if (uri && !/^sips?:[^\s"\\]+$/.test(uri)) problems.push('SIP_TRUNK_URI: deve ser um endereço SIP, como sip:gateway.exemplo.com.br:5060.');
  if (uri && !callerId) problems.push('SIP_CALLER_ID: é obrigatório com SIP_TRUNK_URI: o número da empresa mostrado ao cliente nas ligações.');
  if (callerId && !/^0303\d+$/.test(callerId)) {
    problems.push('SIP_CALLER_ID: deve começar com 0303 (só dígitos): a Anatel exige o prefixo 0303 nas ligações de oferta de produtos e serviços.');
  }
  return { trunk: uri && problems.length === 0 ? { uri, callerId } : undefined, problems };
}

/**
 * Everything Kamailio is started with, from the variables of README "Configuration" (`env`) and the
 * launcher's choices. The shared secret: SIP_SECRET when set, else one generated once and kept in
 * `stateDir/sip-secret`; the launcher hands the same value to the API.
 * Throws (Portuguese message) on a setting Kamailio cannot use.
 * @param {{ env: Record<string, string | undefined>, stateDir: string, wsPort: number, sipPort: number,
 *           listenHost?: string }} options
 */
function telephonySettings({ env, stateDir, wsPort, sipPort, listenHost = '0.0.0.0' }) {
  const { trunk, problems } = readTrunk(env);
  const realm = env.SIP_REALM || 'localhost';
  if (!/^[A-Za-z0-9.-]+$/.test(realm)) problems.push('SIP_REALM: deve ser um nome de domínio ou endereço IP (letras, dígitos, "." e "-").');
  const secret = env.SIP_SECRET || storedSecret(stateDir);
  // Kamailio reads it between quotes; the API asks for 16 characters at least.
  if (secret.length < 16 || /["\\\s]/.test(secret)) problems.push('SIP_SECRET: deve ter ao menos 16 caracteres, sem espaços, aspas nem barra invertida.');
  if (problems.length > 0) throw new Error(`Configuração inválida: ${problems.join('; ')}`);
  return {
    secret,
    realm,
    wsPort,
    sipPort,
    listen: env.SIP_LISTEN || listenAddresses(listenHost),
    trunk,
    logFile: path.join(stateDir, 'kamailio.log'),
  };
}

/** A random secret written once to `dir/sip-secret` (owner-only) and read back on every later start. */
function storedSecret(dir) {
  const file = path.join(dir, 'sip-secret');
  fs.mkdirSync(dir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

/**
 * Kamailio's listen addresses for the API's host address: every IPv4 address of the machine for 0.0.0.0
 * (Kamailio needs real addresses to write in Via and Record-Route), else that address.
 */
function listenAddresses(host) {
  if (host !== '0.0.0.0') return host === 'localhost' ? '127.0.0.1' : host;
  const addresses = Object.values(os.networkInterfaces())
    .flat()
    .filter((address) => address && address.family === 'IPv4')
    .map((address) => address.address);
  return addresses.length > 1 ? `(${addresses.join(', ')})` : addresses[0] || '127.0.0.1';
}

/** The environment Kamailio's configuration reads (telephony/kamailio.cfg header), and nothing else. */
function kamailioEnv(settings) {
  return {
    PATH: process.env.PATH || '/usr/sbin:/usr/bin:/sbin:/bin',
    SIP_SECRET: settings.secret,
    SIP_REALM: settings.realm,
    SIP_LISTEN: settings.listen,
    SIP_WS_PORT: String(settings.wsPort),
    SIP_PORT: String(settings.sipPort),
    ...(settings.trunk ? { SIP_TRUNK_URI: settings.trunk.uri, SIP_CALLER_ID: settings.trunk.callerId } : {}),
  };
}

/** The command line (the settings travel in the environment, so the secret is not on it). */
const kamailioArgs = () => ['-f', CONFIG_FILE, '-DD', '-E'];

/**
 * Kamailio must never outlive whoever started it, even one killed outright (SIGKILL runs no code). So it
 * runs under this small shell, which holds the read end of a pipe whose write end only the starter has:
 * when the starter closes it (stop) or dies, `read` meets the end of the pipe and the shell stops Kamailio.
 * The shell also ends when Kamailio ends, and prints Kamailio's pid first.
 */
const WATCHDOG = [
  'exec 3<&0',
  '"$@" 0</dev/null 1>&2 3<&- &',
  'kamailio=$!',
  'echo "$kamailio"',
  '( while read -r _ <&3; do :; done; kill -TERM "$kamailio" 2>/dev/null ) &',
  'watcher=$!',
  'exec 3<&-',
  'wait "$kamailio"',
  'status=$?',
  'kill "$watcher" 2>/dev/null',
  'exit "$status"',
].join('\n');

const inUse = (port, variable) =>
  `A porta ${port} do Kamailio já está em uso por outro processo (um "npm start" anterior ainda rodando?). Encerre-o ou escolha outra porta em ${variable}.`;

/** Fails when the port is taken on any address, for TCP or (SIP) UDP. */
async function ensurePortsFree(settings) {
  const tcp = (port) =>
    new Promise((resolve, reject) => {
      const probe = net.createServer();
      probe.once('error', reject);
      probe.listen(port, '0.0.0.0', () => probe.close(() => resolve()));
    });
  const udp = (port) =>
    new Promise((resolve, reject) => {
      const probe = dgram.createSocket('udp4');
      probe.once('error', reject);
      probe.bind(port, '0.0.0.0', () => probe.close(() => resolve()));
    });
  for (const [check, port, variable] of [
    [tcp, settings.wsPort, 'SIP_WS_PORT'],
    [tcp, settings.sipPort, 'SIP_PORT'],
    [udp, settings.sipPort, 'SIP_PORT'],
  ]) {
    await check(port).catch((error) => {
      throw error.code === 'EADDRINUSE' ? Object.assign(new Error(inUse(port, variable)), { how: `porta ${port} em uso` }) : error;
    });
  }
}

/** How a process ended, in the launcher's log lines. */
const describeExit = (code, signal) => (signal ? `sinal ${signal}` : `código ${code}`);

/**
 * The watchdog shell's end as Kamailio's own: the shell exits with 128 + n when Kamailio was killed by
 * signal n (a shell's convention), which is said as that signal.
 */
function kamailioEnd(code, signal) {
  const killedBy = code > 128 ? Object.keys(os.constants.signals).find((name) => os.constants.signals[name] === code - 128) : undefined;
  return killedBy ? { code: null, signal: killedBy } : { code, signal };
}

/** Whether a process of the group `pgid` still runs (zombies, already dead, aside). Linux: /proc. */
function groupRunning(pgid) {
  return fs.readdirSync('/proc').some((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return Number(pgrp) === pgid && state !== 'Z';
    } catch {
      return false; // gone meanwhile
    }
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether something accepts TCP connections on host:port. */
const accepts = (port, host) =>
  new Promise((resolve) => {
    const socket = net.connect({ port, host }, () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

const lastLines = (file, count) => {
  try {
    return fs.readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
  } catch {
    return '';
  }
};

/**
 * Starts Kamailio with `settings` (telephonySettings) and resolves once its WebSocket port accepts
 * connections. Its log (stderr) goes to settings.logFile, never to the terminal.
 * Returns { pid (Kamailio's), logFile, settings, stop(), exited (a promise: { code, signal }, Kamailio's
 * end, settled once none of its processes is left) }. A failure's error has `how`, in describeExit's words.
 * @param {ReturnType<typeof telephonySettings> & { kamailioPath?: string }} settings
 */
async function startKamailio(settings) {
  await ensurePortsFree(settings);
  fs.mkdirSync(path.dirname(settings.logFile), { recursive: true });
  const log = fs.openSync(settings.logFile, 'a');
  fs.writeSync(log, `--- ${new Date().toISOString()} kamailio ${kamailioArgs().join(' ')}\n`);
  let child;
  try {
    child = spawn('sh', ['-c', WATCHDOG, 'kamailio-watchdog', settings.kamailioPath || kamailioPath(), ...kamailioArgs()], {
      env: kamailioEnv(settings),
      stdio: ['pipe', 'pipe', log],
      // Its own process group: the last resort below stops Kamailio's workers along with it.
      detached: true,
    });
  } finally {
    fs.closeSync(log);
  }
  const killGroup = () => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', killGroup);
  const exited = once(child, 'exit').then(async ([code, signal]) => {
    process.off('exit', killGroup);
    // A Kamailio killed outright leaves its workers behind, holding its ports: they go too, before anyone
    // (a restart) needs the ports again. After a normal stop there is nobody left.
    killGroup();
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    while (groupRunning(child.pid) && Date.now() < deadline) await sleep(10);
    return kamailioEnd(code, signal);
  });

  const stop = async () => {
    child.stdin.end();
    const force = setTimeout(killGroup, STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(force);
  };

  const pid = await new Promise((resolve) => {
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.includes('\n')) resolve(Number(output.trim()));
    });
    exited.then(() => resolve(undefined));
  });
  const probeHost = settings.listen.includes('127.0.0.1') || settings.listen === '0.0.0.0' ? '127.0.0.1' : settings.listen.replace(/[()]/g, '').split(',')[0].trim();
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await accepts(settings.wsPort, probeHost))) {
    const gone = child.exitCode !== null || child.signalCode !== null;
    if (gone || Date.now() > deadline) {
      await stop();
      const end = await exited;
      const error = new Error(
        `o Kamailio ${gone ? 'terminou ao iniciar' : `não abriu a porta ${settings.wsPort} em ${START_TIMEOUT_MS / 1000} s`}; ` +
          `veja ${settings.logFile}:\n${lastLines(settings.logFile, 8)}`,
      );
      // `how`: the launcher's words for a restart that failed (tooling/product.js).
      throw Object.assign(error, { how: gone ? describeExit(end.code, end.signal) : `sem resposta em ${START_TIMEOUT_MS / 1000} s` });
    }
    await sleep(25);
  }
  return { pid, logFile: settings.logFile, settings, stop, exited };
}

module.exports = {
  CONFIG_FILE,
  INSTALL_COMMAND,
  kamailioPath,
  kamailioInstalled,
  installKamailio,
  readTrunk,
  telephonySettings,
  kamailioArgs,
  startKamailio,
  describeExit,
};
