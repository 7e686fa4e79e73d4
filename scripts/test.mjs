#!/usr/bin/env node
// `npm test`: every test of the product, installing what it needs. Ends with "N passed, N failed".
//   1. type check of every package            5. the same API tests on a PostgreSQL server
//   2. lint (rules and architecture), layout   6. production builds
//   3. unit tests of the browser packages      7. browser end-to-end tests (Chromium)
//   4. API unit + HTTP tests on PGlite
// Kamailio and rtpengine (the SIP edge) and SIPp (the carrier in tests) are installed first when missing.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApps, fail, install, root, run, step } from './lib.mjs';
import { pnpm } from './pnpm.mjs';
import telephony from '../telephony/kamailio.js';

const results = []; // { suite, passed, failed }
const started = Date.now();
const jestBin = join(root, 'node_modules', 'jest', 'bin', 'jest.js');
const eslintBin = join(root, 'node_modules', 'eslint', 'bin', 'eslint.js');
const prettierBin = join(root, 'node_modules', 'prettier', 'bin', 'prettier.cjs');
const outDir = mkdtempSync(join(tmpdir(), 'consig-test-'));

/** Runs one jest invocation and records its counts (a crash with no report counts as one failure). */
function jest(suite, args, env = {}) {
  step(`Testes: ${suite}`);
  const report = join(outDir, `${results.length}.json`);
  const status = run(process.execPath, [jestBin, '--ci', '--json', `--outputFile=${report}`, ...args], { env: { ...process.env, ...env } });
  if (existsSync(report)) {
    const { numPassedTests, numFailedTests, numRuntimeErrorTestSuites } = JSON.parse(readFileSync(report, 'utf8'));
    results.push({
      suite,
      passed: numPassedTests,
      failed:
        numFailedTests + numRuntimeErrorTestSuites + (status !== 0 && numFailedTests === 0 && numRuntimeErrorTestSuites === 0 ? 1 : 0),
    });
  } else {
    results.push({ suite, passed: 0, failed: 1 });
  }
}

/** A step that is not jest (type check, build) counts as one test. */
function check(suite, action) {
  step(suite);
  try {
    action();
    results.push({ suite, passed: 1, failed: 0 });
  } catch (error) {
    console.error(error.message);
    results.push({ suite, passed: 0, failed: 1 });
  }
}

/** ESLint on the whole tree (tooling/eslint.config.mjs: TypeScript and hooks rules, import boundaries, names). */
function lint() {
  const started = Date.now();
  const status = run(process.execPath, [eslintBin, '.', '--max-warnings=0']);
  console.log(`  lint em ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (status !== 0) throw new Error(`o ESLint encontrou problemas (código ${status})`);
}

/** Prettier's layout (.prettierrc.json; .prettierignore says what keeps its own): `npx prettier --write .` fixes it. */
function format() {
  const status = run(process.execPath, [prettierBin, '--check', '--log-level=warn', '.']);
  if (status !== 0) throw new Error('arquivos fora do formato do Prettier (listados acima); corrija com: npx prettier --write .');
}

const reachable = (port, host = '127.0.0.1') =>
  new Promise((resolve) => {
    const socket = connect({ port, host }, () => (socket.end(), resolve(true)));
    socket.on('error', () => resolve(false));
  });

async function ensurePostgres() {
  if (process.env.TEST_POSTGRES_URL || (await reachable(5432))) return;
  // Debian's cluster may simply be stopped.
  run(
    'bash',
    ['-c', 'command -v pg_ctlcluster >/dev/null && pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | tail -1)" main start'],
    { stdio: 'ignore' },
  );
  if (await reachable(5432)) return;
  fail(
    'PostgreSQL não está acessível em 127.0.0.1:5432 (os testes de integração da API rodam também num servidor real).\n' +
      '  Instale e inicie: apt-get install -y postgresql && pg_ctlcluster --skip-systemctl-redirect 15 main start\n' +
      '  (autenticação trust para 127.0.0.1), ou aponte TEST_POSTGRES_URL para um servidor PostgreSQL.',
  );
}

/** A Debian package the tests need (Chromium drives the browser tests; nginx serves the web tier's; SIPp plays the carrier). */
function ensureDebianPackage({ name, path, variable }) {
  if (existsSync(process.env[variable] || path)) return;
  if (process.getuid?.() === 0 && run('bash', ['-c', 'command -v apt-get >/dev/null']) === 0) {
    step(`Instalando ${name} (apt-get install ${name})`);
    if (run('bash', ['-c', `apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${name}`]) === 0) return;
  }
  fail(`${name} não encontrado em ${path}. Instale com: sudo apt-get install -y ${name} (ou defina ${variable}).`);
}

function ensureKamailio() {
  if (telephony.kamailioInstalled()) return;
  if (process.getuid?.() === 0) {
    step(`Instalando Kamailio (${telephony.INSTALL_COMMAND})`);
    if (telephony.installKamailio()) return;
  }
  fail(`Kamailio não encontrado em ${telephony.kamailioPath()}. Instale com: sudo ${telephony.INSTALL_COMMAND} (ou defina KAMAILIO_PATH).`);
}

install();
ensureKamailio();
// SIPp plays the carrier in the SIP edge's tests (api/test/kamailio.test.ts) and the browser tests.
ensureDebianPackage({ name: 'sip-tester', path: '/usr/bin/sipp', variable: 'SIPP_PATH' });
check('Verificação de tipos (tsc) de todos os pacotes', () =>
  pnpm(['-r', '--workspace-concurrency=2', '--reporter-hide-prefix', 'run', 'typecheck']),
);
check('Análise estática (ESLint): regras e fronteiras da arquitetura', lint);
check('Formatação (Prettier)', format);
jest('unitários', ['--config', join(root, 'jest.config.js')]);
// PGlite takes up to 1.3 GB per instance: two workers at most.
jest('API em PGlite', ['--config', join(root, 'api', 'jest.config.js'), '--maxWorkers=2'], { TEST_DB: 'pglite' });
// Tests that measure time run alone, with nothing beside them on the other core (api/jest.config.js).
jest('API em PGlite, sozinhos (medem tempo)', ['--config', join(root, 'api', 'jest.config.js'), '--runInBand'], {
  TEST_DB: 'pglite',
  TEST_ALONE: '1',
});
await ensurePostgres();
jest('API em PostgreSQL', ['--config', join(root, 'api', 'jest.config.js'), '--maxWorkers=2'], { TEST_DB: 'postgres' });
jest('API em PostgreSQL, sozinhos (medem tempo)', ['--config', join(root, 'api', 'jest.config.js'), '--runInBand'], {
  TEST_DB: 'postgres',
  TEST_ALONE: '1',
});
check('Construção de produção (host e remotes)', () => buildApps());
ensureDebianPackage({ name: 'chromium', path: '/usr/bin/chromium', variable: 'CHROMIUM_PATH' });
ensureDebianPackage({ name: 'nginx', path: '/usr/sbin/nginx', variable: 'NGINX_PATH' });
jest('navegador (e2e)', ['--config', join(root, 'e2e', 'jest.config.js'), '--runInBand']);

const passed = results.reduce((sum, r) => sum + r.passed, 0);
const failed = results.reduce((sum, r) => sum + r.failed, 0);
console.log('\nResumo:');
for (const r of results) console.log(`  ${r.failed ? '✖' : '✔'} ${r.suite}: ${r.passed} passaram, ${r.failed} falharam`);
console.log(`  duração total: ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
