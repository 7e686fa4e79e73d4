const { spawn } = require('node:child_process');
const crypto = require('node:crypto');
const { once } = require('node:events');
const fs = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { APPS } = require('./apps');
const { startApi, startProduct } = require('./product');
const { CONFIG_FILE, INSTALL_COMMAND, kamailioInstalled } = require('../telephony/kamailio');
const { pings: pongs } = require('../telephony/rtpengine');
const { answers, freePort, isRunning, jsonLines, waitUntil } = require('./test-support/helpers');

// Every test here starts real processes (Node APIs, Kamailio, rtpengine): on a cold machine the first of them
// take seconds, past Jest's 5 s default (a fresh CI machine timed out there once).
jest.setTimeout(60_000);

const FAKE_API = path.join(__dirname, 'test-support', 'fakeApi.js');
const LAUNCHER = path.join(__dirname, 'test-support', 'launcher.js');
const API_DIR = path.join(__dirname, '..', 'api');

/** Processes and folders a test created, removed after it whatever happened. */
const leftovers = { pids: new Set(), dirs: new Set(), closers: new Set() };
afterEach(async () => {
  for (const pid of leftovers.pids) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  for (const close of leftovers.closers) await close();
  for (const dir of leftovers.dirs) fs.rmSync(dir, { recursive: true, force: true });
  leftovers.pids.clear();
  leftovers.closers.clear();
  leftovers.dirs.clear();
});

function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'consig-launcher-'));
  leftovers.dirs.add(dir);
  return dir;
}

/** Never the developer's own data folder, whatever API a test ends up starting. */
function testEnv() {
  return { DATA_DIR: path.join(tempDir(), 'pglite'), DATABASE_URL: '', LOG_LEVEL: 'warn' };
}

/** Free ports for every server of the product, Kamailio's included. */
async function freePorts() {
  const ports = {};
  for (const name of [...APPS.map((app) => app.name), 'api', 'sip', 'sipWs']) ports[name] = await freePort();
  return ports;
}

function getJson(port, urlPath = '/', { method = 'GET', token, body } = {}) {
  return new Promise((resolve, reject) => {
    const headers = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) };
    http
      .request({ host: '127.0.0.1', port, path: urlPath, method, headers, agent: false }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve(JSON.parse(text)));
      })
      .on('error', reject)
      .end(body ? JSON.stringify(body) : undefined);
  });
}

/** Waits for the first message `match` accepts among a fixture's JSON lines. */
function nextMessage(messages, match, timeoutMs) {
  return waitUntil(() => messages.find(match), { timeoutMs });
}

/** The launcher of `npm start` (the test-support fixture) as a process of its own. */
function spawnLauncher(options) {
  const child = spawn(process.execPath, [LAUNCHER], {
    env: { ...process.env, LAUNCHER_OPTIONS: JSON.stringify(options) },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  leftovers.pids.add(child.pid);
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return { child, messages: jsonLines(child.stdout), stderr: () => stderr };
}

describe('startApi', () => {
  test('refuses to start when another process already holds the API port, instead of reporting it ready', async () => {
    // Say an API left running by a launcher that crashed.
    const orphan = http.createServer((_request, response) => response.end('{}'));
    await new Promise((resolve) => orphan.listen(0, '127.0.0.1', resolve));
    leftovers.closers.add(() => new Promise((resolve) => orphan.close(resolve)));
    const { port } = orphan.address();

    const started = startApi({ port, entry: FAKE_API, env: testEnv(), stdio: 'ignore' });
    const outcome = await started.then(
      (api) => (leftovers.closers.add(api.stop), 'reported ready'),
      (error) => error.message,
    );
    expect(outcome).toBe(
      `A porta ${port} da API já está em uso por outro processo (um "npm start" anterior ainda rodando?). Encerre-o ou escolha outra porta em API_PORT.`,
    );
  });

  test('restarts an API that crashes, logging one line, and the new one answers', async () => {
    const lines = [];
    const port = await freePort();
    const api = await startApi({
      port,
      entry: FAKE_API,
      env: testEnv(),
      stdio: 'ignore',
      restart: { delayMs: 50 },
      log: (line) => lines.push(line),
    });
    leftovers.closers.add(api.stop);
    const first = api.child.pid;

    process.kill(first, 'SIGKILL');
    const [child] = await once(api, 'restarted');

    expect(child.pid).not.toBe(first);
    expect(await getJson(port)).toEqual({ pid: child.pid });
    expect(lines).toEqual(['A API terminou inesperadamente (sinal SIGKILL); reiniciando em 0,05 s (tentativa 1 de 5).']);
  });

  test('gives up after a few restarts when the API keeps crashing', async () => {
    const lines = [];
    const port = await freePort();
    const api = await startApi({
      port,
      entry: FAKE_API,
      env: { ...testEnv(), FAKE_API_CRASH_AFTER_MS: '100' },
      stdio: 'ignore',
      restart: { delayMs: 20, limit: 2 },
      log: (line) => lines.push(line),
    });
    leftovers.closers.add(api.stop);

    await once(api, 'gave-up');

    expect(lines).toEqual([
      'A API terminou inesperadamente (código 1); reiniciando em 0,02 s (tentativa 1 de 2).',
      'A API terminou inesperadamente (código 1); reiniciando em 0,04 s (tentativa 2 de 2).',
      'A API terminou inesperadamente (código 1) 3 vezes seguidas; desistindo.',
    ]);
    expect(await answers(port)).toBe(false);
  });
});

describe('the launcher takes its API down with it', () => {
  test.each([
    ['SIGTERM', (launcher) => launcher.kill('SIGTERM'), 'Encerrando...'],
    ['SIGINT', (launcher) => launcher.kill('SIGINT'), 'Encerrando...'],
    ['SIGHUP (terminal closed)', (launcher) => launcher.kill('SIGHUP'), 'Encerrando...'],
    [
      'an uncaught exception',
      (launcher) => launcher.stdin.write('throw\n'),
      'Erro inesperado; encerrando tudo: Error: launcher failure (test)',
    ],
  ])(
    'when it ends by %s',
    async (_how, end, says) => {
      const ports = await freePorts();
      const { child, messages, stderr } = spawnLauncher({
        ports,
        publicHost: '127.0.0.1',
        apiEntry: FAKE_API,
        apiEnv: testEnv(),
        apiStdio: 'ignore',
      });
      const ready = await nextMessage(messages, (message) => message.ready, 10_000);
      expect(ready).toEqual({ ready: true, launcherPid: expect.any(Number), apiPid: expect.any(Number) });
      leftovers.pids.add(ready.apiPid);

      end(child);
      await waitUntil(() => child.exitCode !== null || child.signalCode !== null, { timeoutMs: 15_000 });
      await waitUntil(() => !isRunning(ready.apiPid), { timeoutMs: 5000 });

      await waitUntil(async () => !(await answers(ports.sipWs)), { timeoutMs: 5000 });
      expect({
        launcherRunning: isRunning(child.pid),
        apiRunning: isRunning(ready.apiPid),
        apiAnswers: await answers(ports.api),
        kamailioAnswers: await answers(ports.sipWs),
      }).toEqual({ launcherRunning: false, apiRunning: false, apiAnswers: false, kamailioAnswers: false });
      expect(stderr()).toContain(says);
    },
    30_000,
  );
});

test('the launcher stops everything when the process that started it ends (npm stopped by a process manager)', async () => {
  // npm runs the start script through a shell; on SIGTERM npm signals that shell, which dies without
  // passing it on, and the launcher is left behind (re-parented).
  const ports = await freePorts();
  const options = { ports, publicHost: '127.0.0.1', apiEntry: FAKE_API, apiEnv: testEnv(), apiStdio: 'ignore' };
  const shell = spawn('bash', ['-c', `"$0" "$1"; true`, process.execPath, LAUNCHER], {
    env: { ...process.env, LAUNCHER_OPTIONS: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  leftovers.pids.add(shell.pid);
  const messages = jsonLines(shell.stdout);
  const ready = await nextMessage(messages, (message) => message.ready, 10_000);
  expect(ready).toEqual({ ready: true, launcherPid: expect.any(Number), apiPid: expect.any(Number) });
  leftovers.pids.add(ready.launcherPid).add(ready.apiPid);

  expect(await answers(ports.sipWs)).toBe(true);
  shell.kill('SIGKILL');
  await waitUntil(async () => !isRunning(ready.apiPid) && !(await answers(ports.host)) && !(await answers(ports.sipWs)), {
    timeoutMs: 10_000,
  });

  expect({
    apiRunning: isRunning(ready.apiPid),
    appAnswers: await answers(ports.host),
    kamailioAnswers: await answers(ports.sipWs),
  }).toEqual({
    apiRunning: false,
    appAnswers: false,
    kamailioAnswers: false,
  });
}, 30_000);

test('the real API: one API per data folder, restarted after a crash, gone with its launcher', async () => {
  const dataDir = path.join(tempDir(), 'pglite');
  const ports = await freePorts();
  const { child: launcher, messages } = spawnLauncher({
    ports,
    publicHost: '127.0.0.1',
    apiEnv: { DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    apiStdio: ['ignore', 'ignore', 'inherit'],
  });
  const ready = await nextMessage(messages, (message) => message.ready, 90_000);
  expect(ready).toEqual({ ready: true, launcherPid: expect.any(Number), apiPid: expect.any(Number) });
  leftovers.pids.add(ready.launcherPid).add(ready.apiPid);

  // The API hands out credentials for the Kamailio the launcher started: its address, and a password made
  // with the secret the launcher generated and gave Kamailio (kept beside the data folder).
  const { token } = await getJson(ports.api, '/lnk/token', {
    method: 'POST',
    body: { EM_Email: 'atendente@demo.com.br', PW_Senha: 'Atendente@123' },
  });
  const { data: ramal } = await getJson(ports.api, '/atendente/ramal', { token });
  const secret = fs.readFileSync(path.join(path.dirname(dataDir), 'telephony', 'sip-secret'), 'utf8');
  expect(ramal).toEqual({
    User: expect.stringMatching(/^\d+:1001$/),
    Pass: crypto.createHmac('sha1', secret).update(ramal.User).digest('base64'),
    Realm: 'localhost',
    WSServer: `ws://127.0.0.1:${ports.sipWs}`,
    Ramal: '1001',
  });
  expect(await answers(ports.sipWs)).toBe(true);

  // A second API on the same folder (another `npm start`, another port) stops at once and says why.
  const second = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', API_PORT: String(await freePort()), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  leftovers.pids.add(second.pid);
  let stderr = '';
  second.stderr.on('data', (chunk) => (stderr += chunk));
  await waitUntil(() => second.exitCode !== null, { timeoutMs: 30_000 });
  expect(second.exitCode).toBe(1);
  expect(stderr).toContain(`A pasta de dados ${dataDir} já está em uso pelo processo ${ready.apiPid}`);

  // The API crashes: the launcher starts another one, which takes over the folder its predecessor left locked.
  process.kill(ready.apiPid, 'SIGKILL');
  const restarted = await nextMessage(messages, (message) => message.restarted, 60_000);
  expect(restarted).toEqual({ restarted: expect.any(Number) });
  leftovers.pids.add(restarted.restarted);
  expect(await answers(ports.api)).toBe(true);

  // The launcher is killed outright (no handler runs): the API notices and stops on its own.
  launcher.kill('SIGKILL');
  await waitUntil(async () => !isRunning(restarted.restarted) && !(await answers(ports.api)) && !(await answers(ports.sipWs)), {
    timeoutMs: 15_000,
  });
  expect({
    apiRunning: isRunning(restarted.restarted),
    apiAnswers: await answers(ports.api),
    kamailioAnswers: await answers(ports.sipWs),
  }).toEqual({
    apiRunning: false,
    apiAnswers: false,
    kamailioAnswers: false,
  });
}, 180_000);

describe('Kamailio beside the API', () => {
  beforeAll(() => {
    // Never skipped: npm test installs Kamailio first.
    if (!kamailioInstalled())
      throw new Error(`Kamailio não está instalado. Instale com: sudo ${INSTALL_COMMAND} (ou defina KAMAILIO_PATH).`);
  });

  /** startProduct with a stand-in API, its data beside a temporary folder; stopped after the test. */
  async function start(options = {}) {
    const ports = await freePorts();
    const product = await startProduct({
      ports,
      publicHost: '127.0.0.1',
      apiEntry: FAKE_API,
      apiEnv: testEnv(),
      apiStdio: 'ignore',
      ...options,
    });
    leftovers.closers.add(product.stop);
    return { product, ports };
  }

  test('startProduct runs it on the SIP ports, restarts it on request, and stopping the product stops it', async () => {
    const { product, ports } = await start({ log: () => undefined });
    const first = product.telephony.pid;
    leftovers.pids.add(first);
    expect({
      running: isRunning(first),
      answers: await answers(ports.sipWs),
      wsUrl: product.telephony.wsUrl,
      realm: product.telephony.realm,
    }).toEqual({
      running: true,
      answers: true,
      wsUrl: `ws://127.0.0.1:${ports.sipWs}`,
      realm: 'localhost',
    });

    await product.telephony.restart();
    const second = product.telephony.pid;
    leftovers.pids.add(second);
    expect({ firstRunning: isRunning(first), secondRunning: isRunning(second), answers: await answers(ports.sipWs) }).toEqual({
      firstRunning: false,
      secondRunning: true,
      answers: true,
    });

    await product.stop();
    expect({ running: isRunning(second), answers: await answers(ports.sipWs), log: fs.existsSync(product.telephony.logFile) }).toEqual({
      running: false,
      answers: false,
      log: true,
    });
  });

  /** Kamailio's processes (main and workers) of the product whose SIP WebSocket port is `wsPort`, zombies aside. */
  function kamailioProcesses(wsPort) {
    return fs
      .readdirSync('/proc')
      .filter((entry) => {
        if (!/^\d+$/.test(entry)) return false;
        try {
          const cmdline = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
          const environ = fs.readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
          return cmdline.includes(CONFIG_FILE) && environ.includes(`SIP_WS_PORT=${wsPort}`) && isRunning(Number(entry));
        } catch {
          return false; // gone meanwhile, or not ours
        }
      })
      .map(Number);
  }

  test('a Kamailio killed outright is started again on the same ports with one line, and stopping the product stops the new one', async () => {
    const lines = [];
    const { product, ports } = await start({ telephony: { restart: { delayMs: 50 } }, log: (line) => lines.push(line) });
    const first = product.telephony.pid;
    const firstProcesses = kamailioProcesses(ports.sipWs);
    for (const pid of firstProcesses) leftovers.pids.add(pid);
    expect(firstProcesses).toContain(first);

    process.kill(first, 'SIGKILL');
    const second = await waitUntil(() => (product.telephony.pid !== first && product.telephony.pid) || undefined, { timeoutMs: 20_000 });
    const secondProcesses = kamailioProcesses(ports.sipWs);
    for (const pid of secondProcesses) leftovers.pids.add(pid);
    expect({
      second: typeof second,
      firstLeft: firstProcesses.filter(isRunning),
      secondIsOurs: secondProcesses.includes(second),
      answers: await answers(ports.sipWs),
      lines,
    }).toEqual({
      second: 'number',
      firstLeft: [], // its workers too: none holds the ports the new one took
      secondIsOurs: true,
      answers: true,
      lines: ['O Kamailio terminou inesperadamente (sinal SIGKILL); reiniciando em 0,05 s (tentativa 1 de 5).'],
    });

    await product.stop();
    expect({ processes: kamailioProcesses(ports.sipWs), answers: await answers(ports.sipWs), lines: lines.length }).toEqual({
      processes: [],
      answers: false,
      lines: 1,
    });
  }, 60_000);

  test('gives Kamailio up after a few restarts in a row, saying telephony is off and where its log is', async () => {
    const lines = [];
    const { product, ports } = await start({ telephony: { restart: { delayMs: 20, limit: 1 } }, log: (line) => lines.push(line) });
    process.kill(product.telephony.pid, 'SIGKILL');
    const second = await waitUntil(() => (lines.length === 1 && product.telephony.pid) || undefined, { timeoutMs: 20_000 });
    process.kill(second, 'SIGKILL');
    await waitUntil(() => lines.length === 2, { timeoutMs: 10_000 });
    // Nothing more happens: no third Kamailio, the rest of the product still up.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect({ lines, pid: product.telephony.pid, kamailio: await answers(ports.sipWs), api: await answers(ports.api) }).toEqual({
      lines: [
        'O Kamailio terminou inesperadamente (sinal SIGKILL); reiniciando em 0,02 s (tentativa 1 de 1).',
        `O Kamailio terminou inesperadamente (sinal SIGKILL) 2 vezes seguidas; a telefonia está desligada até o próximo "npm start" (veja o registro do Kamailio em ${product.telephony.logFile}).`,
      ],
      pid: undefined,
      kamailio: false,
      api: true,
    });
  }, 60_000);

  test('without Kamailio everything else starts and one line says telephony is off and how to turn it on', async () => {
    const lines = [];
    const { product, ports } = await start({ telephony: { kamailioPath: '/nao/existe/kamailio' }, log: (line) => lines.push(line) });
    expect({ telephony: product.telephony, apiAnswers: await answers(ports.api), appAnswers: await answers(ports.host), lines }).toEqual({
      telephony: null,
      apiAnswers: true,
      appAnswers: true,
      lines: [
        `Telefonia desligada: o Kamailio (/nao/existe/kamailio) não está instalado. Para ligar: sudo ${INSTALL_COMMAND} (ou defina KAMAILIO_PATH e RTPENGINE_PATH).`,
      ],
    });
  });

  test('refuses a trunk named by host whose source addresses are not given, before starting anything', async () => {
    const ports = await freePorts();
    const outcome = await startProduct({
      ports,
      publicHost: '127.0.0.1',
      apiEntry: FAKE_API,
      apiEnv: { ...testEnv(), SIP_TRUNK_URI: 'sip:gw.example:5060' },
      apiStdio: 'ignore',
    }).then(
      (product) => (leftovers.closers.add(product.stop), 'started'),
      (error) => error.message,
    );
    expect(outcome).toBe(
      'Configuração inválida: SIP_TRUNK_ADDRESSES: informe os endereços IP de onde a operadora envia as chamadas recebidas (lista separada por vírgulas).',
    );
    expect({ app: await answers(ports.host), api: await answers(ports.api), kamailio: await answers(ports.sipWs) }).toEqual({
      app: false,
      api: false,
      kamailio: false,
    });
  });

  test('rtpengine runs beside Kamailio; killed outright it is started again with one line, and stopping the product stops it', async () => {
    const lines = [];
    const { product } = await start({ telephony: { restart: { delayMs: 50 } }, log: (line) => lines.push(line) });
    const first = product.telephony.rtpenginePid;
    leftovers.pids.add(first);
    expect(await pongs(product.telephony.ports.rtpengineNg)).toBe(true);
    process.kill(first, 'SIGKILL');
    const second = await waitUntil(() => (product.telephony.rtpenginePid !== first && product.telephony.rtpenginePid) || undefined, {
      timeoutMs: 20_000,
    });
    leftovers.pids.add(second);
    expect({ answers: await pongs(product.telephony.ports.rtpengineNg), lines }).toEqual({
      answers: true,
      lines: ['O rtpengine terminou inesperadamente (sinal SIGKILL); reiniciando em 0,05 s (tentativa 1 de 5).'],
    });
    await product.stop();
    expect({
      running: isRunning(second),
      answers: await pongs(product.telephony.ports.rtpengineNg),
      log: fs.existsSync(product.telephony.rtpengineLogFile),
    }).toEqual({
      running: false,
      answers: false,
      log: true,
    });
  }, 60_000);

  test('a port of Kamailio in use stops the start-up naming the port and its variable', async () => {
    const taken = net.createServer();
    await new Promise((resolve) => taken.listen(0, '0.0.0.0', resolve));
    leftovers.closers.add(() => new Promise((resolve) => taken.close(resolve)));
    const ports = { ...(await freePorts()), sipWs: taken.address().port };
    const outcome = await startProduct({ ports, publicHost: '127.0.0.1', apiEntry: FAKE_API, apiEnv: testEnv(), apiStdio: 'ignore' }).then(
      (product) => (leftovers.closers.add(product.stop), 'started'),
      (error) => error.message,
    );
    expect(outcome).toBe(
      `A porta ${ports.sipWs} do Kamailio já está em uso por outro processo (um "npm start" anterior ainda rodando?). Encerre-o ou escolha outra porta em SIP_WS_PORT.`,
    );
    expect({ app: await answers(ports.host), api: await answers(ports.api) }).toEqual({ app: false, api: false });
  });
});
