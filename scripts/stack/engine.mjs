// A Docker engine and a compose command for `npm run test:stack` (docs/deployment.md "Running the stack here"):
// the engine that answers `docker info`, else Debian's dockerd started by this process (as root, installing
// docker.io when missing); compose as the plugin (`docker compose`) or Debian's docker-compose.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { openSync } from 'node:fs';

/** Whether a command exits 0 (its output dropped). */
export const succeeds = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
const isRoot = () => process.getuid?.() === 0;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** What to do when something is missing and this process cannot fix it: said once, in Portuguese, exactly. */
export class StackUnavailable extends Error {}

function aptInstall(packages) {
  if (!isRoot() || !succeeds('which', ['apt-get'])) {
    throw new StackUnavailable(
      `Faltam ${packages.join(', ')}: instale com \`sudo apt-get install -y ${packages.join(' ')}\` e rode de novo.`,
    );
  }
  // Another installation holding dpkg's lock (e.g. the test run's own Chromium) is waited for, not a failure.
  execFileSync('apt-get', ['-o', 'DPkg::Lock::Timeout=300', 'install', '-y', ...packages], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/**
 * An engine answering `docker info`. Started here when none runs: `dockerd` in the background (its log in
 * `logFile`), left running afterwards like any service of the machine.
 */
export async function ensureEngine({ logFile = '/var/log/consig-dockerd.log' } = {}) {
  if (!succeeds('which', ['docker'])) aptInstall(['docker.io']);
  if (succeeds('docker', ['info'])) return 'já em execução';
  if (!isRoot()) {
    throw new StackUnavailable('Nenhum Docker engine responde e este usuário não pode iniciar um: rode como root ou inicie o dockerd.');
  }
  if (!succeeds('which', ['dockerd'])) aptInstall(['docker.io']);
  const log = openSync(logFile, 'a');
  spawn('dockerd', [], { detached: true, stdio: ['ignore', log, log] }).unref();
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    if (succeeds('docker', ['info'])) return `iniciado em ${((Date.now() - started) / 1000).toFixed(1)} s`;
    await sleep(500);
  }
  throw new StackUnavailable(`O dockerd não respondeu em 60 s: veja ${logFile}.`);
}

/** The compose command: the plugin when the client has it, else Debian's docker-compose (installed when missing). */
export function composeCommand() {
  if (succeeds('docker', ['compose', 'version'])) return ['docker', 'compose'];
  if (!succeeds('which', ['docker-compose'])) aptInstall(['docker-compose']);
  return ['docker-compose'];
}
