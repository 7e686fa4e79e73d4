#!/usr/bin/env node
// Runs the workspace's pinned pnpm, installing it into .tools/ on first use so that a machine with
// only Node.js and npm needs nothing else. Usage: node scripts/pnpm.mjs <pnpm args...>
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).packageManager.split('@')[1];
const tools = join(root, '.tools');
const bin = join(tools, 'node_modules', 'pnpm', 'bin', 'pnpm.cjs');

export function ensurePnpm() {
  const installed = existsSync(bin) && JSON.parse(readFileSync(join(tools, 'node_modules', 'pnpm', 'package.json'), 'utf8')).version;
  if (installed !== version) {
    console.log(`• instalando pnpm ${version} em .tools/ (uma vez)`);
    execFileSync('npm', ['install', '--prefix', tools, '--no-save', '--no-audit', '--no-fund', `pnpm@${version}`], { stdio: 'inherit' });
  }
  return bin;
}

/** Runs pnpm in the workspace root; throws when it fails. */
export function pnpm(args, options = {}) {
  const result = spawnSync(process.execPath, [ensurePnpm(), ...args], { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`pnpm ${args.join(' ')} falhou (código ${result.status})`);
  return result;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = spawnSync(process.execPath, [ensurePnpm(), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
  process.exit(result.status ?? 1);
}
