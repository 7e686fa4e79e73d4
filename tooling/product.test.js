const { spawn } = require('node:child_process');
const { once } = require('node:events');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const { startApi } = require('./product');
const { answers, freePort, isRunning, jsonLines, waitUntil } = require('./test-support/helpers');

const FAKE_API = path.join(__dirname, 'test-support', 'fake-api.js');
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

/** Free ports for every server of the product. */
async function freePorts() {
  const ports = {};
  for (const name of ['host', 'api', 'mf_attendance', 'mf_campaigns', 'mf_followup', 'mf_telephony']) ports[name] = await freePort();
  return ports;
}

function getJson(port) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/', agent: false }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve(JSON.parse(body)));
      })
      .on('error', reject);
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
    expect(outcome).toBe(`A porta ${port} da API já está em uso por outro processo (um "npm start" anterior ainda rodando?). Encerre-o ou escolha outra porta em API_PORT.`);
  });

  test('restarts an API that crashes, logging one line, and the new one answers', async () => {
    const lines = [];
    const port = await freePort();
    const api = await startApi({ port, entry: FAKE_API, env: testEnv(), stdio: 'ignore', restart: { delayMs: 50 }, log: (line) => lines.push(line) });
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
    ['an uncaught exception', (launcher) => launcher.stdin.write('throw\n'), 'Erro inesperado; encerrando tudo: Error: launcher failure (test)'],
  ])('when it ends by %s', async (_how, end, says) => {
    const ports = await freePorts();
    const { child, messages, stderr } = spawnLauncher({ ports, publicHost: '127.0.0.1', apiEntry: FAKE_API, apiEnv: testEnv(), apiStdio: 'ignore' });
    const ready = await nextMessage(messages, (message) => message.ready, 10_000);
    expect(ready).toEqual({ ready: true, launcherPid: expect.any(Number), apiPid: expect.any(Number) });
    leftovers.pids.add(ready.apiPid);

    end(child);
    await waitUntil(() => child.exitCode !== null || child.signalCode !== null, { timeoutMs: 15_000 });
    await waitUntil(() => !isRunning(ready.apiPid), { timeoutMs: 5000 });

    expect({ launcherRunning: isRunning(child.pid), apiRunning: isRunning(ready.apiPid), apiAnswers: await answers(ports.api) }).toEqual({
      launcherRunning: false,
      apiRunning: false,
      apiAnswers: false,
    });
    expect(stderr()).toContain(says);
  }, 30_000);
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

  shell.kill('SIGKILL');
  await waitUntil(async () => !isRunning(ready.apiPid) && !(await answers(ports.host)), { timeoutMs: 10_000 });

  expect({ apiRunning: isRunning(ready.apiPid), appAnswers: await answers(ports.host) }).toEqual({ apiRunning: false, appAnswers: false });
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
  await waitUntil(async () => !isRunning(restarted.restarted) && !(await answers(ports.api)), { timeoutMs: 15_000 });
  expect({ apiRunning: isRunning(restarted.restarted), apiAnswers: await answers(ports.api) }).toEqual({ apiRunning: false, apiAnswers: false });
}, 180_000);
