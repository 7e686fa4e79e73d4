// `npm run test:stack` (issue 23, docs/deployment.md "Running the stack here"): the production stack of
// docker-compose.yml run for real on a Docker engine, from this checkout, with its ports published on 127.0.0.1
// only; the checks below (scripts/stack/checks/), each printed with its figures; then the stack taken down
// (volumes included).
//
//   1. every service healthy (time to healthy); sign-in and the realtime socket through nginx; a softphone in a
//      browser registers with the containerised Kamailio and calls a phone in another browser through rtpengine.
//   2. failover under load (api-1 killed)          5. a remote deployed and rolled back in the running web tier
//   3. database restart under light load            6. rolling update of the API under load (a new migration)
//   4. scale out to three replicas                  7. pg_dump backup restored into a fresh volume
//
// Options (for whoever works on the stack): --only 1,3 runs those checks (the stack is brought up first in any
// case); --keep leaves the stack up afterwards (the next run reuses it: `up` changes nothing that is current).
//
// The engine is started here when none runs (as root; else the message says what to do); base images missing on
// a machine that reaches no image registry are replaced by local stand-ins (scripts/stack/standinImages.mjs).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fail, install, root, step } from './lib.mjs';
import { checkBackupRestore } from './stack/checks/backupRestore.mjs';
import { checkDatabaseRestart } from './stack/checks/databaseRestart.mjs';
import { checkFailover } from './stack/checks/failover.mjs';
import { browserCheck } from './stack/checks/inBrowser.mjs';
import { checkRollingUpdate, NEXT_VERSION } from './stack/checks/rollingUpdate.mjs';
import { checkScaleOut } from './stack/checks/scaleOut.mjs';
import { checkSignInAndRealtime } from './stack/checks/signInAndRealtime.mjs';
import { composeCommand, ensureEngine, StackUnavailable } from './stack/engine.mjs';
import { ensureBaseImages } from './stack/standinImages.mjs';
import { createStack, seconds } from './stack/stack.mjs';

const SERVICES = ['postgres', 'api-1', 'api-2', 'web', 'kamailio', 'rtpengine'];

/**
 * The secrets of this stack: new for every run, except while a stack left up by --keep runs (its database was
 * created with them), in which case they are read back from where that run kept them.
 */
const SECRETS_FILE = join(root, '.tools', 'stack-secrets.json');
function secrets(running) {
  if (running && existsSync(SECRETS_FILE)) return JSON.parse(readFileSync(SECRETS_FILE, 'utf8'));
  const fresh = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    SIP_SECRET: randomBytes(24).toString('hex'),
    SIP_API_SECRET: randomBytes(24).toString('hex'),
    POSTGRES_PASSWORD: randomBytes(16).toString('hex'),
  };
  mkdirSync(dirname(SECRETS_FILE), { recursive: true });
  writeFileSync(SECRETS_FILE, JSON.stringify(fresh), { mode: 0o600 });
  return fresh;
}

/** The stack's environment: ports on 127.0.0.1 only, and secrets of its own (never the defaults). */
const stackEnv = (secretValues) => ({
  ...process.env,
  PUBLISH_ADDRESS: '127.0.0.1',
  PUBLIC_HOST: '127.0.0.1',
  // rtpengine tells the browsers to send their audio to the published media ports.
  RTP_PUBLIC_ADDRESS: '127.0.0.1',
  ...secretValues,
  // The load of the checks is 50 clients signed in as one supervisor: that person's budget is raised.
  RATE_LIMIT_PERSON_PER_S: '100000',
  RATE_LIMIT_PERSON_BURST: '100000',
  // Debian's docker-compose 1.29 and a client without buildx: the classic builder.
  DOCKER_BUILDKIT: '0',
  COMPOSE_DOCKER_CLI_BUILD: '0',
});

function options(argv) {
  const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1].split(',').map(Number) : undefined;
  return { only, keep: argv.includes('--keep') };
}

/** Builds the project's images: from scratch on a fresh machine, then again with every layer cached. */
function build(stack) {
  let started = Date.now();
  stack.run('build');
  console.log(`  construídas em ${seconds(Date.now() - started)}`);
  started = Date.now();
  stack.out('build');
  console.log(`  de novo, com o cache quente e nada mudado: ${seconds(Date.now() - started)}`);
  const ours = new Set([stack.apiImage(), ...['web', 'kamailio', 'rtpengine'].map((service) => `${stack.project}_${service}:latest`)]);
  for (const line of stack.docker('image', 'ls', '--format', '{{.Repository}}:{{.Tag}} {{.Size}}').split('\n'))
    if (ours.has(line.split(' ')[0])) console.log(`  ${line}`);
}

async function main() {
  const { only, keep } = options(process.argv.slice(2));
  step('Pilha de produção (docker-compose.yml) em um Docker engine');
  const engine = await ensureEngine();
  const compose = composeCommand();
  console.log(`  engine: ${engine}; compose: ${compose.join(' ')}`);
  install(); // the checks use the workspace's ws client, and the browser checks its e2e support
  const where = { root, project: 'consigstack', compose, files: ['docker-compose.yml'], address: '127.0.0.1' };
  const running =
    createStack({ ...where, env: process.env })
      .out('ps', '-q')
      .trim() !== '';
  const stack = createStack({ ...where, env: stackEnv(secrets(running)) });

  step('Imagens base');
  for (const [name, what] of Object.entries(ensureBaseImages())) console.log(`  ${name}: ${what}`);
  step('Construção das imagens do projeto');
  build(stack);

  const checks = [
    [
      1,
      '1. Serviços saudáveis; entrada e tempo real pelo nginx; softphone e ligação entre dois navegadores',
      async () => {
        await checkSignInAndRealtime(stack);
        await browserCheck(stack, 'softphone');
      },
    ],
    [2, '2. Queda de uma réplica sob carga (50 clientes pelo nginx)', () => checkFailover(stack)],
    [3, '3. Reinício do banco sob carga leve', () => checkDatabaseRestart(stack)],
    [4, '4. Três réplicas', () => checkScaleOut(stack)],
    [5, '5. Deploy e rollback de um remote na pilha em execução', () => browserCheck(stack, 'remoteDeploy')],
    [6, '6. Atualização da API réplica a réplica sob carga', () => checkRollingUpdate(stack)],
    [7, '7. Backup (pg_dump) e restauração num volume novo', () => checkBackupRestore(stack)],
  ].filter(([number]) => !only || only.includes(number));

  let passed = 0;
  let failed = 0;
  try {
    step('Subindo a pilha');
    const upAt = Date.now();
    stack.run('up', '-d');
    const healthyIn = await stack.untilHealthy(SERVICES);
    console.log(`  todos saudáveis em ${seconds(healthyIn)} (desde o up: ${seconds(Date.now() - upAt)})`);
    for (const [, title, check] of checks) {
      step(title);
      try {
        await check();
        passed += 1;
      } catch (error) {
        failed += 1;
        console.error(`  FALHOU: ${error.stack ?? error.message}`);
        stack.showLogs(30);
        // The next check starts from a whole stack again (a failed check may leave a replica down).
        stack.run('up', '-d');
        await stack.untilHealthy(SERVICES);
      }
    }
  } catch (error) {
    // The stack did not come up (or not back): what its services said, and every check not passed counts as failed.
    console.error(`  FALHOU: ${error.stack ?? error.message}`);
    stack.showLogs(40);
    failed = checks.length - passed;
  } finally {
    if (!keep) {
      step('Derrubando a pilha');
      stack.run('down', '-v', '--remove-orphans');
      rmSync(SECRETS_FILE, { force: true });
      spawnSync('docker', ['image', 'rm', stack.apiImage(NEXT_VERSION)], { stdio: 'ignore' });
    }
  }
  // The same summary line as `npm test`, so .ci/run adds them up.
  console.log(`\n${passed} passed, ${failed} failed`);
  if (failed > 0) process.exit(1);
}

main().catch((error) => {
  if (error instanceof StackUnavailable) fail(error.message);
  console.error(error);
  process.exit(1);
});
