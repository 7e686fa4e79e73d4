#!/usr/bin/env node
// `npm run deploy -- <app>` and `npm run rollback -- <app>`: deploys one remote on its own, without
// rebuilding the host (docs/architecture.md "Independent deployment").
//   deploy:   builds the remote from the working tree into an immutable folder
//             .deploy/<app>/<version>-<contenthash>/ (version from the app's package.json, hash of the
//             build output), keeps the earlier versions, and makes it the current one.
//   rollback: makes the previous version current again (before the first deploy: the app's dist/).
// The current versions live in .deploy/remotes.json, replaced atomically (temp file + rename); `npm start`
// reads it on every request of the host's remotes.json, so a running host picks the new version up on its
// next full load (a reload, or the next sign-in page load). For the web tier (nginx, docs/deployment.md),
// which reads files and runs no code, every deploy and rollback also switches, atomically too:
//   .deploy/<app>/current     a relative symlink to the current version's folder (the standalone page)
//   .deploy/host-remotes.json the host's remotes.json (remotesDocument in tooling/launcher/deployState.js, the
//                             one `npm start` serves) with each remote's origin as a placeholder nginx fills in.
// Options:
//   --source <dir>  build another copy of the app's folder (same depth in the workspace) instead
//   --from <dir>    deploy a folder built elsewhere (e.g. by CI) instead of building
// DEPLOY_ROOT moves .deploy/ elsewhere (the browser tests use a temporary one).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const requireHere = createRequire(import.meta.url);
const { REMOTES } = requireHere('../tooling/apps.js');
const { DEFAULT_DEPLOY_ROOT, HOST_REMOTES_FILE, readDeployState, currentBuild, remotesDocument, originPlaceholder } = requireHere(
  '../tooling/launcher/deployState.js',
);

function fail(text) {
  console.error(`✖ ${text}`);
  process.exit(1);
}

function parseArgs(argv) {
  const [action, app, ...rest] = argv;
  const options = {};
  for (let i = 0; i < rest.length; i += 2) {
    if (!['--source', '--from'].includes(rest[i]) || !rest[i + 1]) fail(`opção desconhecida: ${rest[i]}`);
    options[rest[i].slice(2)] = resolve(rest[i + 1]);
  }
  const remote = REMOTES.find(({ name, dir }) => app === dir || app === name);
  if (!['deploy', 'rollback'].includes(action) || !remote) {
    fail(`uso: npm run ${action ?? 'deploy'} -- <${REMOTES.map(({ dir }) => dir).join('|')}> [--source <pasta>] [--from <pasta>]`);
  }
  return { action, remote, options };
}

/** Every file under `dir`, relative and sorted (the order of the content hash). */
function filesUnder(dir, base = dir) {
  return readdirSync(dir)
    .flatMap((name) => (statSync(join(dir, name)).isDirectory() ? filesUnder(join(dir, name), base) : [relative(base, join(dir, name))]))
    .sort();
}

/** Hash of the build output: names and contents of every file (8 hex digits, like the chunks'). */
function contentHash(dir) {
  const hash = createHash('sha256');
  for (const file of filesUnder(dir))
    hash
      .update(`${file}\0`)
      .update(readFileSync(join(dir, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 8);
}

/** Replaces `file` atomically: readers see the old content or the new one, never half of it. */
function writeAtomically(file, text) {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, file);
}

/**
 * Makes what the web tier reads follow the state file: <app>/current points at the folder `npm start` serves
 * at the root (currentBuild: the current version, else <app>/dist), and host-remotes.json lists every
 * remote's current entry. Both replaced atomically, so nginx never sees a missing or half-written one.
 */
function publish(remote, deployRoot) {
  const versionsDir = join(deployRoot, remote.dir);
  const link = join(versionsDir, 'current');
  const temp = `${link}.${process.pid}.tmp`;
  rmSync(temp, { force: true });
  // Relative: the deploy root keeps working wherever it is mounted (the image, a volume, a CI checkout).
  symlinkSync(relative(versionsDir, currentBuild(deployRoot, remote).folder), temp);
  renameSync(temp, link);
  writeAtomically(join(deployRoot, HOST_REMOTES_FILE), `${JSON.stringify(remotesDocument(deployRoot, originPlaceholder), null, 2)}\n`);
}

function build(appDir, outputDir) {
  const status = spawnSync(
    process.execPath,
    [join(root, 'tooling', 'bin', 'webpack.js'), '--mode', 'production', '--output-path', outputDir],
    {
      cwd: appDir,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  ).status;
  if (status !== 0) fail(`a construção de ${relative(root, appDir) || appDir} falhou`);
}

function deploy({ remote, options }, deployRoot) {
  const started = Date.now();
  const versionsDir = join(deployRoot, remote.dir);
  mkdirSync(versionsDir, { recursive: true });
  const staging = join(versionsDir, `.staging-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  if (options.from) cpSync(options.from, staging, { recursive: true });
  else build(options.source ?? join(root, remote.dir), staging);
  if (!existsSync(join(staging, 'remoteEntry.js'))) fail('a construção não gerou remoteEntry.js');

  const manifest = JSON.parse(readFileSync(join(staging, 'consig-remote.json'), 'utf8'));
  const version = `${manifest.version ?? JSON.parse(readFileSync(join(root, remote.dir, 'package.json'), 'utf8')).version}-${contentHash(staging)}`;
  const folder = join(versionsDir, version);
  // Versions are immutable: the same output deploys to the folder it already has.
  if (existsSync(folder)) rmSync(staging, { recursive: true, force: true });
  else renameSync(staging, folder);

  const state = readDeployState(deployRoot);
  const { current = null, history = [] } = state[remote.name] ?? {};
  if (current === version) {
    publish(remote, deployRoot); // a deploy root made before the web tier's files existed gets them
    console.log(`${remote.dir} ${version} já é a versão atual.`);
    return;
  }
  state[remote.name] = { current: version, history: [...history, current] };
  writeAtomically(join(deployRoot, 'remotes.json'), `${JSON.stringify(state, null, 2)}\n`);
  publish(remote, deployRoot);
  console.log(`✔ ${remote.dir} ${version} implantado em ${((Date.now() - started) / 1000).toFixed(1)} s (${relative(root, folder)}).`);
  console.log('  O host pega a nova versão na próxima carga completa da página (recarregar, ou o próximo acesso).');
}

function rollback({ remote }, deployRoot) {
  const state = readDeployState(deployRoot);
  const { current, history = [] } = state[remote.name] ?? {};
  if (!current || history.length === 0) fail(`${remote.dir} não tem versão anterior para voltar.`);
  const previous = history.at(-1);
  // Before the first deploy the remote is served from <app>/dist, which a deploy root alone (the web tier's)
  // does not have: never switch to a build that is not there.
  if (previous === null && !existsSync(join(root, remote.dir, 'dist', 'remoteEntry.js'))) {
    fail(`${remote.dir} não tem versão anterior implantada (nem ${remote.dir}/dist construído) para voltar.`);
  }
  state[remote.name] = { current: previous, history: history.slice(0, -1) };
  writeAtomically(join(deployRoot, 'remotes.json'), `${JSON.stringify(state, null, 2)}\n`);
  publish(remote, deployRoot);
  console.log(`✔ ${remote.dir} voltou para ${previous ?? `a construção em ${remote.dir}/dist`} (era ${current}).`);
}

const args = parseArgs(process.argv.slice(2));
const deployRoot = process.env.DEPLOY_ROOT ? resolve(process.env.DEPLOY_ROOT) : DEFAULT_DEPLOY_ROOT;
mkdirSync(deployRoot, { recursive: true });
if (args.action === 'deploy') deploy(args, deployRoot);
else rollback(args, deployRoot);
