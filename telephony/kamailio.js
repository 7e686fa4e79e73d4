// Runs Kamailio with telephony/kamailio.cfg: the SIP edge of the call centre (docs/architecture.md
// "Telephony"). Used by the product launcher (tooling/product.js), the README's scripts (install) and the
// tests. Node built-ins only: the scripts load it before anything is installed.
const { spawnSync } = require('node:child_process');
const crypto = require('node:crypto');
const dgram = require('node:dgram');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { accepts, describeExit, startDaemon } = require('./daemon');
const { rtpengineInstalled } = require('./rtpengine');

const CONFIG_FILE = path.join(__dirname, 'kamailio.cfg');
const DEFAULT_KAMAILIO_PATH = '/usr/sbin/kamailio';
// Kamailio with the modules of its configuration (websocket, auth_ephemeral, http_client), and rtpengine,
// the media relay it drives: telephony is all of them or nothing.
const PACKAGES = ['kamailio', 'kamailio-websocket-modules', 'kamailio-autheph-modules', 'kamailio-utils-modules', 'rtpengine-daemon'];
const INSTALL_COMMAND = `apt-get install -y ${PACKAGES.join(' ')}`;

/** The executable: KAMAILIO_PATH, else Debian's. */
const kamailioPath = (env = process.env) => env.KAMAILIO_PATH || DEFAULT_KAMAILIO_PATH;

/**
 * Whether Kamailio can run this configuration: the executable and, for Debian's, the modules of the extra
 * packages (websocket, auth_ephemeral, http_client), which the base package lacks; and rtpengine beside it.
 */
function kamailioInstalled(env = process.env) {
  const executable = kamailioPath(env);
  if (!fs.existsSync(executable) || !rtpengineInstalled(env)) return false;
  if (executable !== DEFAULT_KAMAILIO_PATH) return true;
  const moduleDirs = ['/usr/lib', '/usr/lib64']
    .flatMap((lib) => [path.join(lib, 'kamailio', 'modules'), ...subdirs(lib).map((dir) => path.join(lib, dir, 'kamailio', 'modules'))])
    .filter((dir) => fs.existsSync(dir));
  return ['websocket.so', 'auth_ephemeral.so', 'http_client.so'].every((module) =>
    moduleDirs.some((dir) => fs.existsSync(path.join(dir, module))),
  );
}

function subdirs(dir) {
  try {
    return fs
      .readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
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
 * The carrier's trunk as Kamailio takes it, or the problems that stop the product from starting, in
 * Portuguese: its address (SIP_TRUNK_URI), the digest credentials it challenges for (SIP_TRUNK_USER,
 * SIP_TRUNK_PASSWORD) and the addresses its calls come from (SIP_TRUNK_ADDRESSES; default the trunk's own
 * address when it is an IP), and whether it wants us registered (SIP_TRUNK_REGISTER=1, with the credentials;
 * SIP_TRUNK_REGISTER_EXPIRES seconds, default 300). The caller number is the API's business (the company's
 * numbers, SIP_CALLER_ID as the last resort), checked there.
 * @returns {{ trunk?: { uri: string, host: string, user: string, password: string, addresses: string,
 *           register: false | { expires: number } }, problems: string[] }}
 */
function readTrunk(env) {
  const uri = env.SIP_TRUNK_URI || '';
  const problems = [];
  if (!uri) return { trunk: undefined, problems };
  const address = /^sips?:([^\s"\\;:>]+)(?::(\d+))?(;[^\s"\\]*)?$/.exec(uri);
  if (!address) problems.push('SIP_TRUNK_URI: deve ser um endereço SIP, como sip:gateway.exemplo.com.br:5060.');
  const user = env.SIP_TRUNK_USER || '';
  const password = env.SIP_TRUNK_PASSWORD || '';
  if (Boolean(user) !== Boolean(password))
    problems.push('SIP_TRUNK_USER e SIP_TRUNK_PASSWORD: informe os dois (a operadora pede usuário e senha) ou nenhum.');
  // Kamailio reads them between quotes.
  if (/["\\\r\n]/.test(user + password))
    problems.push('SIP_TRUNK_USER e SIP_TRUNK_PASSWORD: não podem ter aspas, barra invertida nem quebra de linha.');
  const ipOrCidr = /^\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?$/;
  const addresses = (env.SIP_TRUNK_ADDRESSES || (address && ipOrCidr.test(address[1]) ? address[1] : ''))
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (addresses.length === 0) {
    problems.push(
      'SIP_TRUNK_ADDRESSES: informe os endereços IP de onde a operadora envia as chamadas recebidas (lista separada por vírgulas).',
    );
  } else if (!addresses.every((item) => ipOrCidr.test(item))) {
    problems.push('SIP_TRUNK_ADDRESSES: deve ser uma lista de endereços IPv4 ou redes (10.0.0.0/24), separados por vírgulas.');
  }
  const wantsRegistration = ['1', 'true', 'sim'].includes((env.SIP_TRUNK_REGISTER || '').toLowerCase());
  const expires = Number(env.SIP_TRUNK_REGISTER_EXPIRES || 300);
  if (wantsRegistration && !user)
    problems.push('SIP_TRUNK_REGISTER: o registro na operadora precisa de SIP_TRUNK_USER e SIP_TRUNK_PASSWORD.');
  if (wantsRegistration && (!Number.isInteger(expires) || expires < 60 || expires > 86400)) {
    problems.push('SIP_TRUNK_REGISTER_EXPIRES: deve ser um número de segundos entre 60 e 86400.');
  }
  const register = wantsRegistration ? { expires } : false;
  const host = address ? (address[2] ? `${address[1]}:${address[2]}` : address[1]) : '';
  return { trunk: problems.length === 0 ? { uri, host, user, password, addresses: addresses.join(','), register } : undefined, problems };
}

/** The user part of the Contact this server registers at the carrier: calls the carrier sends to it carry the DID in To. */
const REGISTRATION_UUID = 'consig-tronco';

/** db_text escapes ':' (its column separator) and '\\' in values. */
const dbText = (value) => String(value).replace(/\\/g, '\\\\').replace(/:/g, '\\:');

/**
 * Writes the registration Kamailio's uac module keeps with the carrier, as the db_text tables it reads
 * (`version` and `uacreg` in `dir`, owner-only: the password is in it). Returns the db_text URL.
 */
function writeRegistration(dir, trunk, realm) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(path.join(dir, 'version'), 'id(int,auto) table_name(string) table_version(int)\n0:uacreg:5\n', { mode: 0o600 });
  const columns =
    'id(int,auto) l_uuid(string) l_username(string) l_domain(string) r_username(string) r_domain(string) realm(string,null) ' +
    'auth_username(string) auth_password(string) auth_ha1(string,null) auth_proxy(string) expires(int) flags(int) reg_delay(int) ' +
    'contact_addr(string,null) socket(string,null)';
  // realm null: answer whatever realm the carrier challenges with (db_text reads an empty value as null, so
  // those columns must allow it); auth_proxy: where the REGISTER goes.
  const row = [
    1,
    REGISTRATION_UUID,
    trunk.user,
    realm,
    trunk.user,
    trunk.host,
    '',
    trunk.user,
    trunk.password,
    '',
    trunk.uri,
    trunk.register.expires,
    0,
    0,
    '',
    '',
  ];
  fs.writeFileSync(path.join(dir, 'uacreg'), `${columns}\n${row.map(dbText).join(':')}\n`, { mode: 0o600 });
  return `text://${dir}`;
}

/**
 * Everything Kamailio is started with, from the variables of README "Configuration" (`env`) and the
 * launcher's choices. The two secrets: SIP_SECRET (the softphones' credentials) and SIP_API_SECRET (what
 * Kamailio presents to the API), each the variable when set, else one generated once and kept in
 * `stateDir`; the launcher hands the same values to the API. `apiUrl`: where Kamailio reaches the API;
 * `rtpengine`: rtpengine's control socket (rtpengine.js ngSocket).
 * Throws (Portuguese message) on a setting Kamailio cannot use.
 * @param {{ env: Record<string, string | undefined>, stateDir: string, wsPort: number, sipPort: number,
 *           listenHost?: string, apiUrl: string, rtpengine: string }} options
 */
function telephonySettings({ env, stateDir, wsPort, sipPort, listenHost = '0.0.0.0', apiUrl, rtpengine }) {
  const { trunk, problems } = readTrunk(env);
  const realm = env.SIP_REALM || 'localhost';
  if (!/^[A-Za-z0-9.-]+$/.test(realm)) problems.push('SIP_REALM: deve ser um nome de domínio ou endereço IP (letras, dígitos, "." e "-").');
  const secret = env.SIP_SECRET || storedSecret(stateDir, 'sip-secret');
  const apiSecret = env.SIP_API_SECRET || storedSecret(stateDir, 'sip-api-secret');
  // Kamailio reads them between quotes; the API asks for 16 characters at least.
  for (const [variable, value] of [
    ['SIP_SECRET', secret],
    ['SIP_API_SECRET', apiSecret],
  ]) {
    if (value.length < 16 || /["\\\s]/.test(value))
      problems.push(`${variable}: deve ter ao menos 16 caracteres, sem espaços, aspas nem barra invertida.`);
  }
  if (!/^https?:\/\/[^\s"\\]+$/.test(apiUrl)) problems.push('SIP_API_URL: deve ser o endereço HTTP da API, como http://127.0.0.1:3000.');
  if (problems.length > 0) throw new Error(`Configuração inválida: ${problems.join('; ')}`);
  return {
    secret,
    apiSecret,
    apiUrl: apiUrl.replace(/\/+$/, ''),
    rtpengine,
    realm,
    wsPort,
    sipPort,
    listen: env.SIP_LISTEN || listenAddresses(listenHost),
    trunk,
    registrationDb: trunk?.register ? writeRegistration(path.join(stateDir, 'trunk-registration'), trunk, realm) : undefined,
    logFile: path.join(stateDir, 'kamailio.log'),
  };
}

/** A random secret written once to `dir/name` (owner-only) and read back on every later start. */
function storedSecret(dir, name) {
  const file = path.join(dir, name);
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
    SIP_API_URL: settings.apiUrl,
    SIP_API_SECRET: settings.apiSecret,
    RTPENGINE_NG: settings.rtpengine,
    SIP_REALM: settings.realm,
    SIP_LISTEN: settings.listen,
    SIP_WS_PORT: String(settings.wsPort),
    SIP_PORT: String(settings.sipPort),
    ...(settings.trunk
      ? {
          SIP_TRUNK_URI: settings.trunk.uri,
          SIP_TRUNK_ADDRESSES: settings.trunk.addresses,
          ...(settings.trunk.user ? { SIP_TRUNK_USER: settings.trunk.user, SIP_TRUNK_PASSWORD: settings.trunk.password } : {}),
          ...(settings.registrationDb
            ? {
                SIP_TRUNK_REGISTER_DB: settings.registrationDb,
                // The Contact the carrier sends its calls to: the first address Kamailio listens on, and its SIP port.
                SIP_TRUNK_CONTACT: `${settings.listen.replace(/[()]/g, '').split(',')[0].trim()}:${settings.sipPort}`,
              }
            : {}),
        }
      : {}),
  };
}

/** The command line (the settings travel in the environment, so the secret is not on it). */
const kamailioArgs = () => ['-f', CONFIG_FILE, '-DD', '-E'];

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
  const probeHost =
    settings.listen.includes('127.0.0.1') || settings.listen === '0.0.0.0'
      ? '127.0.0.1'
      : settings.listen.replace(/[()]/g, '').split(',')[0].trim();
  const kamailio = await startDaemon({
    name: 'O Kamailio',
    executable: settings.kamailioPath || kamailioPath(),
    args: kamailioArgs(),
    env: kamailioEnv(settings),
    logFile: settings.logFile,
    ready: () => accepts(settings.wsPort, probeHost),
    waitingFor: `abriu a porta ${settings.wsPort}`,
  });
  return { ...kamailio, settings };
}

module.exports = {
  CONFIG_FILE,
  PACKAGES,
  INSTALL_COMMAND,
  kamailioPath,
  kamailioInstalled,
  installKamailio,
  readTrunk,
  REGISTRATION_UUID,
  telephonySettings,
  kamailioArgs,
  startKamailio,
  describeExit,
};
