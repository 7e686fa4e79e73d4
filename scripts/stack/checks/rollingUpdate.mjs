// Check 6, rolling update of the API under load: a changed API image (this build plus a new migration, tagged as a
// new version) replaces api-1, then api-2, one at a time, the operator's recipe of docs/deployment.md: compose
// recreates the replica with the new tag (the old one drains on SIGTERM), waits for it to be healthy, and nginx is
// reloaded so it knows the new container's address. No request fails after its retry, no write is lost or doubled,
// and the new migration is applied once.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { signIn } from '../client.mjs';
import { describeLoad, startLoad } from '../load.mjs';
import { seconds } from '../stack.mjs';

export const NEXT_VERSION = 'atualizacao';
const MIGRATION = '900_verificacao_atualizacao.sql';

/** The next version of the API image: the running one plus a migration that records each time it runs. */
function buildNextVersion(stack) {
  const context = mkdtempSync(join(tmpdir(), 'consig-next-api-'));
  try {
    writeFileSync(
      join(context, MIGRATION),
      '-- test:stack, rolling update: a row for every time this migration runs (it must run once).\n' +
        'create table verificacao_atualizacao (ts_aplicada timestamptz not null default now());\n' +
        'insert into verificacao_atualizacao default values;\n',
    );
    writeFileSync(join(context, 'Dockerfile'), `FROM ${stack.apiImage()}\nCOPY ${MIGRATION} /app/api/migrations/${MIGRATION}\n`);
    execFileSync('docker', ['build', '-q', '-t', stack.apiImage(NEXT_VERSION), context], { stdio: 'ignore', env: stack.env });
  } finally {
    rmSync(context, { recursive: true, force: true });
  }
}

export async function checkRollingUpdate(stack) {
  buildNextVersion(stack);
  const supervisor = await signIn(stack.app, 'supervisor@demo.com.br', 'Supervisor@123');
  const load = startLoad({ app: stack.app, token: supervisor, clients: 50, prefix: '61984' });
  await sleep(5000);
  const replaced = [];
  for (const service of ['api-1', 'api-2']) {
    const started = Date.now();
    stack.withEnv({ API_VERSION: NEXT_VERSION }).run('up', '-d', '--no-deps', '--no-build', service);
    await stack.untilHealthy([service]);
    stack.reloadNginx();
    replaced.push(`${service} em ${seconds(Date.now() - started)}`);
    await sleep(5000);
  }
  const outcome = await load.stop();

  const rows = Number(stack.psql("select count(*) from nao_perturbe where co_telefone like '61984%'"));
  const applied = Number(stack.psql(`select count(*) from schema_migrations where no_arquivo = '${MIGRATION}'`));
  const ran = Number(stack.psql('select count(*) from verificacao_atualizacao'));
  const images = ['api-1', 'api-2'].map((service) => stack.docker('inspect', '--format', '{{.Config.Image}}', stack.containerOf(service)));
  console.log(`  substituídas uma a uma: ${replaced.join(', ')}; imagens agora: ${images.join(', ')}`);
  console.log(`  ${describeLoad(outcome)}`);
  console.log(`  escritas confirmadas ${outcome.acknowledged.size}, linhas no banco ${rows}; a migração nova rodou ${ran} vez(es)`);
  const problems = [];
  if (outcome.failed.length > 0)
    problems.push(`${outcome.failed.length} pedido(s) falharam mesmo repetidos: ${JSON.stringify(outcome.failed.slice(0, 3))}`);
  if (rows !== outcome.acknowledged.size) problems.push(`linhas (${rows}) ≠ escritas confirmadas (${outcome.acknowledged.size})`);
  if (applied !== 1 || ran !== 1) problems.push(`a migração nova: registrada ${applied} vez(es), rodou ${ran}`);
  if (images.some((image) => image !== stack.apiImage(NEXT_VERSION))) problems.push(`réplicas fora da versão nova: ${images}`);
  if (problems.length) throw new Error(problems.join('; '));
}
