// `npm run test:stack` (issue 23, docs/deployment.md "Running the stack here"): the production stack of
// docker-compose.yml run for real on a Docker engine, from this checkout, with its ports published on 127.0.0.1
// only; the checks below, each printed with its figure; then the stack taken down (volumes included).
//
//   1. every service healthy (time to healthy); the app signs in through nginx; a realtime socket connects through
//      nginx and receives an alert caused by another person's request.
//   2. failover under load: 50 clients through nginx, api-1 killed; no request lost after its retry, none after 2 s,
//      no write lost or doubled, sockets reconnect and hear an alert sent after the kill; api-1 back takes requests.
//
// The engine is started here when none runs (as root; else the message says what to do); base images missing on
// a machine that reaches no image registry are replaced by local stand-ins (scripts/stack/standinImages.mjs).
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fail, install, root, step } from './lib.mjs';
import { composeCommand, ensureEngine, StackUnavailable } from './stack/engine.mjs';
import { startLoad } from './stack/load.mjs';
import { ensureBaseImages } from './stack/standinImages.mjs';

const PROJECT = 'consigstack';
const HEALTHY_WITHIN_MS = 5 * 60_000;
const APP = 'http://127.0.0.1:8080';
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** The stack's environment: ports on 127.0.0.1 only, and secrets of this run (never the defaults). */
const stackEnv = {
  ...process.env,
  PUBLISH_ADDRESS: '127.0.0.1',
  PUBLIC_HOST: '127.0.0.1',
  JWT_SECRET: randomBytes(32).toString('hex'),
  SIP_SECRET: randomBytes(24).toString('hex'),
  SIP_API_SECRET: randomBytes(24).toString('hex'),
  POSTGRES_PASSWORD: randomBytes(16).toString('hex'),
  // The load of the failover check is 50 clients signed in as one supervisor: that person's budget is raised.
  RATE_LIMIT_PERSON_PER_S: '100000',
  RATE_LIMIT_PERSON_BURST: '100000',
  // Debian's docker-compose 1.29 and a client without buildx: the classic builder.
  DOCKER_BUILDKIT: '0',
  COMPOSE_DOCKER_CLI_BUILD: '0',
};

let compose;
const composeArgs = (...args) => ['-p', PROJECT, '-f', join(root, 'docker-compose.yml'), ...args];
function composeRun(...args) {
  const [command, ...rest] = compose;
  execFileSync(command, [...rest, ...composeArgs(...args)], { cwd: root, env: stackEnv, stdio: ['ignore', 'inherit', 'inherit'] });
}
function composeOut(...args) {
  const [command, ...rest] = compose;
  return execFileSync(command, [...rest, ...composeArgs(...args)], { cwd: root, env: stackEnv, encoding: 'utf8' });
}

/** Every service's container and its health ('healthy', 'starting', 'unhealthy', or its state when it has no check). */
function health() {
  const ids = composeOut('ps', '-q').split('\n').filter(Boolean);
  if (ids.length === 0) return [];
  const lines = execFileSync(
    'docker',
    [
      'inspect',
      '--format',
      '{{index .Config.Labels "com.docker.compose.service"}} {{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}',
      ...ids,
    ],
    { encoding: 'utf8' },
  );
  return lines
    .trim()
    .split('\n')
    .map((line) => {
      const [service, status] = line.split(' ');
      return { service, status };
    });
}

async function untilHealthy(services) {
  const started = Date.now();
  let last = [];
  while (Date.now() - started < HEALTHY_WITHIN_MS) {
    last = health();
    if (services.every((service) => last.some((entry) => entry.service === service && entry.status === 'healthy')))
      return Date.now() - started;
    await sleep(1000);
  }
  throw new Error(`serviços não ficaram saudáveis em ${seconds(HEALTHY_WITHIN_MS)}: ${JSON.stringify(last)}`);
}

async function signIn(email, password) {
  const response = await fetch(`${APP}/api/lnk/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ EM_Email: email, PW_Senha: password }),
  });
  const body = await response.json();
  if (!response.ok || !body.token) throw new Error(`entrada de ${email} pelo nginx: HTTP ${response.status} ${JSON.stringify(body)}`);
  return body.token;
}

/** A realtime socket through nginx, signed in as `token`, keeping the alerts it receives. */
async function openSocket(WebSocket, token) {
  const socket = new WebSocket(`${APP.replace('http', 'ws')}/ws`);
  const alerts = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString());
    // Alerts carry TP_Alerta; the resync notice after a reconnection does not.
    if (message.TP_Alerta !== undefined) alerts.push(message);
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(token);
  return { socket, alerts };
}

async function until(what, condition, timeoutMs = 10_000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: nada em ${seconds(timeoutMs)}`);
    await sleep(50);
  }
  return Date.now() - started;
}

/**
 * The supervisor's live board over a socket through nginx: the attendant comes online (their own socket) and pauses
 * (an HTTP request), each through nginx and perhaps on the other replica; the supervisor's socket hears both.
 */
async function checkSignInAndRealtime() {
  const WebSocket = createRequire(join(root, 'api', 'package.json'))('ws');
  const supervisor = await signIn('supervisor@demo.com.br', 'Supervisor@123');
  const attendant = await signIn('atendente@demo.com.br', 'Atendente@123');
  const board = await openSocket(WebSocket, supervisor);
  await sleep(500); // signed in on its replica before the changes it must hear about
  const started = Date.now();
  const online = await openSocket(WebSocket, attendant);
  await until('alerta da atendente online', () => board.alerts.length >= 1);
  const pause = await fetch(`${APP}/api/atendente/tabular`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${attendant}` },
    body: JSON.stringify({ ID_Status: 202 }),
  });
  if (!pause.ok) throw new Error(`pausa pelo nginx: HTTP ${pause.status} ${await pause.text()}`);
  await until('alerta da pausa', () => board.alerts.length >= 2);
  board.socket.close();
  online.socket.close();
  return Date.now() - started;
}

/**
 * A realtime socket through nginx that reconnects (200 ms after a close, as the host's client does) and keeps every
 * alert; `reconnections` holds how long each reconnection took from the close.
 */
function reconnectingSocket(WebSocket, token) {
  const state = { alerts: [], reconnections: [], socket: undefined, closedAt: undefined, stopped: false };
  const connect = () => {
    const socket = new WebSocket(`${APP.replace('http', 'ws')}/ws`);
    state.socket = socket;
    socket.on('open', () => {
      socket.send(token);
      if (state.closedAt !== undefined) state.reconnections.push(Date.now() - state.closedAt);
      state.closedAt = undefined;
    });
    socket.on('message', (data) => {
      const message = JSON.parse(data.toString());
      if (message.TP_Alerta !== undefined) state.alerts.push({ at: Date.now(), message });
    });
    socket.on('error', () => undefined); // a refused reconnection closes too
    socket.on('close', () => {
      if (state.stopped) return;
      state.closedAt ??= Date.now();
      setTimeout(connect, 200);
    });
  };
  connect();
  return Object.assign(state, {
    close() {
      state.stopped = true;
      state.socket.close();
    },
  });
}

const containerOf = (service) => composeOut('ps', '-q', service).trim();
const psql = (sql) =>
  execFileSync('docker', ['exec', containerOf('postgres'), 'psql', '-U', 'consig', '-d', 'consig', '-tAc', sql], {
    encoding: 'utf8',
  }).trim();
const addressOf = (service) =>
  execFileSync('docker', ['inspect', '--format', '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}', containerOf(service)], {
    encoding: 'utf8',
  }).trim();
/** How many requests nginx sent to `address` since `since` (its access log's upstream= field). */
const requestsTo = (address, since) =>
  execFileSync('docker', ['logs', '--since', since, containerOf('web')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 1024 * 1024 * 1024,
  })
    .split('\n')
    .filter((line) => line.includes(`upstream=${address}:`)).length;

/**
 * 2. Failover under load: 50 clients busy through nginx, api-1 killed: no request fails after its retry, none after
 * 2 s, no write lost or doubled, the sockets that were on api-1 reconnect and every socket hears an alert sent after
 * the kill; api-1 started again takes requests again.
 */
async function checkFailover() {
  const WebSocket = createRequire(join(root, 'api', 'package.json'))('ws');
  const supervisor = await signIn('supervisor@demo.com.br', 'Supervisor@123');
  const attendant = await signIn('atendente@demo.com.br', 'Atendente@123');
  const sockets = Array.from({ length: 6 }, () => reconnectingSocket(WebSocket, supervisor));
  // The attendant is online (their own socket), so a change of their status is a change of the board.
  const attendantSocket = reconnectingSocket(WebSocket, attendant);
  const load = startLoad({ app: APP, token: supervisor, clients: 50, prefix: '61987' });
  await sleep(5000);
  const api1 = addressOf('api-1');
  const killedAt = Date.now();
  execFileSync('docker', ['kill', containerOf('api-1')], { stdio: 'ignore' });
  await sleep(3000);
  // An alert after the kill: the attendant goes back to work, then pauses (through nginx, now only api-2); every
  // board socket hears of it.
  const pausedAt = Date.now();
  for (const ID_Status of [81, 202]) {
    const change = await fetch(`${APP}/api/atendente/tabular`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${attendant}` },
      body: JSON.stringify({ ID_Status }),
    });
    if (!change.ok) throw new Error(`mudança de status depois da queda: HTTP ${change.status} ${await change.text()}`);
  }
  await until('alerta da pausa em todos os sockets', () => sockets.every((socket) => socket.alerts.some((alert) => alert.at >= pausedAt)));
  await sleep(2000);
  // api-1 back: healthy again, then given requests again (after nginx's fail_timeout).
  const restartedAt = new Date();
  composeRun('start', 'api-1');
  await untilHealthy(['api-1']);
  const healthyAgain = Date.now();
  await sleep(12_000);
  const { requests, acknowledged } = await load.stop();
  for (const socket of [...sockets, attendantSocket]) socket.close();

  const sinceKill = Date.now() - killedAt;
  const failed = requests.filter((request) => !request.ok);
  const late = failed.filter((request) => request.at > killedAt - load.startedAt + 2000);
  const firstTryFailures = requests.filter((request) => request.first === 'falhou').length;
  const rows = Number(psql("select count(*) from nao_perturbe where co_telefone like '61987%'"));
  const reconnected = sockets.flatMap((socket) => socket.reconnections);
  const toApi1 = requestsTo(api1, restartedAt.toISOString());
  const seconds_ = (Date.now() - load.startedAt) / 1000;
  console.log(
    `  ${requests.length} pedidos em ${seconds_.toFixed(0)} s (${(requests.length / seconds_).toFixed(0)}/s); ` +
      `${firstTryFailures} falharam na 1ª tentativa e foram repetidos; ${failed.length} falharam depois da repetição; ` +
      `${late.length} falharam mais de 2 s depois da queda (${(sinceKill / 1000).toFixed(0)} s observados)`,
  );
  console.log(`  escritas confirmadas ${acknowledged.size}, linhas no banco ${rows}`);
  console.log(
    `  sockets: ${reconnected.length} de ${sockets.length} estavam na api-1 e reconectaram (máx. ${seconds(Math.max(0, ...reconnected))}); ` +
      `todos receberam o alerta enviado depois da queda`,
  );
  console.log(`  api-1 saudável de novo em ${seconds(healthyAgain - restartedAt.getTime())}; ${toApi1} pedidos foram a ela depois`);
  const problems = [];
  if (failed.length > 0) problems.push(`${failed.length} pedido(s) falharam mesmo repetidos: ${JSON.stringify(failed.slice(0, 3))}`);
  if (rows !== acknowledged.size) problems.push(`linhas (${rows}) ≠ escritas confirmadas (${acknowledged.size})`);
  if (reconnected.length === 0) problems.push('nenhum socket estava na api-1: a reconexão não foi exercitada');
  if (toApi1 === 0) problems.push('a api-1 não voltou a receber pedidos');
  if (problems.length) throw new Error(problems.join('; '));
}

async function main() {
  step('Pilha de produção (docker-compose.yml) em um Docker engine');
  const engine = await ensureEngine();
  compose = composeCommand();
  console.log(`  engine: ${engine}; compose: ${compose.join(' ')}`);
  install(); // the checks use the workspace's ws client and contracts

  step('Imagens base');
  for (const [name, what] of Object.entries(ensureBaseImages())) console.log(`  ${name}: ${what}`);

  step('Construção das imagens do projeto');
  const started = Date.now();
  composeRun('build');
  console.log(`  construídas em ${seconds(Date.now() - started)}`);
  const sizes = execFileSync('docker', ['image', 'ls', '--format', '{{.Repository}}:{{.Tag}} {{.Size}}'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.startsWith(`${PROJECT}_`) || line.startsWith(`${PROJECT}-`));
  for (const line of sizes) console.log(`  ${line}`);

  // Each check needs the ones before it (a stack that is not up cannot fail over): the first failure ends the run,
  // and the checks it leaves unrun count as failed.
  const checks = [
    [
      '1. Serviços saudáveis; entrada e tempo real pelo nginx',
      async () => {
        const upAt = Date.now();
        composeRun('up', '-d');
        const healthyIn = await untilHealthy(['postgres', 'api-1', 'api-2', 'web', 'kamailio', 'rtpengine']);
        console.log(`  todos saudáveis em ${seconds(healthyIn)} (desde o up: ${seconds(Date.now() - upAt)})`);
        console.log(`  entrada e alerta pelo socket via nginx em ${seconds(await checkSignInAndRealtime())}`);
      },
    ],
    ['2. Queda de uma réplica sob carga (50 clientes pelo nginx)', checkFailover],
  ];
  let passed = 0;
  try {
    for (const [title, check] of checks) {
      step(title);
      await check();
      passed += 1;
    }
  } catch (error) {
    console.error(`  FALHOU: ${error.message}`);
    spawnSync(compose[0], [...compose.slice(1), ...composeArgs('logs', '--tail', '40')], { cwd: root, env: stackEnv, stdio: 'inherit' });
  } finally {
    step('Derrubando a pilha');
    composeRun('down', '-v', '--remove-orphans');
  }
  // The same summary line as `npm test`, so .ci/run adds them up.
  console.log(`\n${passed} passed, ${checks.length - passed} failed`);
  if (passed < checks.length) process.exit(1);
}

main().catch((error) => {
  if (error instanceof StackUnavailable) fail(error.message);
  console.error(error);
  process.exit(1);
});
