// Shared by the README's commands (start, test, build, bench). Node built-ins only: these scripts run
// before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpm } from './pnpm.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const requireFromRoot = createRequire(join(root, 'package.json'));

// The app folders, from the one list of apps (tooling/apps.js: plain data, Node built-ins only).
export const APPS = requireFromRoot('./tooling/apps.js').APPS.map((app) => app.dir);

export function step(text) {
  console.log(`\n▶ ${text}`);
}

export function fail(text) {
  console.error(`\n✖ ${text}`);
  process.exit(1);
}

/** Installs the workspace exactly as the lockfile says (fast when nothing changed). */
export function install() {
  step('Instalando dependências (pnpm)');
  pnpm(['install', '--frozen-lockfile', '--reporter=append-only', '--config.confirmModulesPurge=false'], {
    env: { ...process.env, CI: 'true' },
  });
}

/** Production builds of the host, every remote and the API (JavaScript in api/dist), two at a time (one per core). */
export function buildApps() {
  step('Construindo host, remotes e API (produção)');
  const started = Date.now();
  pnpm(
    ['--workspace-concurrency=2', '--reporter-hide-prefix', ...[...APPS, 'api'].flatMap((app) => ['--filter', `./${app}`]), 'run', 'build'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  for (const app of APPS) if (!existsSync(join(root, app, 'dist', 'index.html'))) fail(`a construção de ${app} não gerou dist/index.html`);
  if (!existsSync(join(root, 'api', 'dist', 'server.js'))) fail('a construção da API não gerou api/dist/server.js');
  console.log(`  ${APPS.join(', ')} e api construídos em ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Runs a command, inheriting the terminal; returns its exit status. */
export function run(command, args, options = {}) {
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options }).status ?? 1;
}

/** The workspace's build package (CommonJS), once installed. */
export const tooling = () => requireFromRoot('./tooling');
