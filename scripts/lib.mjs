// Shared by the README's commands (start, test, build, bench). Node built-ins only: these scripts run
// before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pnpm } from './pnpm.mjs';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const APPS = ['host', 'mf-attendance', 'mf-campaigns', 'mf-followup', 'mf-telephony'];

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
  pnpm(['install', '--frozen-lockfile', '--reporter=append-only', '--config.confirmModulesPurge=false'], { env: { ...process.env, CI: 'true' } });
}

/** Production builds of the host and every remote, two at a time (one per core); returns seconds per app. */
export function buildApps() {
  step('Construindo host e remotes (produção)');
  const seconds = {};
  const started = Date.now();
  pnpm(['--filter', './host', '--filter', './mf-*', '--workspace-concurrency=2', '--reporter-hide-prefix', 'run', 'build'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  seconds.all = (Date.now() - started) / 1000;
  for (const app of APPS) if (!existsSync(join(root, app, 'dist', 'index.html'))) fail(`a construção de ${app} não gerou dist/index.html`);
  console.log(`  host e 4 remotes construídos em ${seconds.all.toFixed(1)} s`);
  return seconds;
}

/** Runs a command, inheriting the terminal; returns its exit status. */
export function run(command, args, options = {}) {
  return spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options }).status ?? 1;
}

/** CommonJS modules of the workspace (tooling) once installed. */
export async function tooling() {
  const { createRequire } = await import('node:module');
  return createRequire(join(root, 'package.json'))('./tooling');
}
