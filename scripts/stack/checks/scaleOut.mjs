// Check 4, scale out: a third API replica (compose profile `scale`) joins the running stack, nginx reloaded picks
// it up (every replica answers to the network alias `api`), the load spreads over the three, and 50 attendants
// claiming from the queue at once through nginx get 50 distinct clients. Throughput with 2 and 3 replicas is
// printed. The third replica leaves again at the end (scale in), the same way.
import { setTimeout as sleep } from 'node:timers/promises';
import { callApi, signIn } from '../client.mjs';
import { describeLoad, startLoad } from '../load.mjs';
import { seconds } from '../stack.mjs';

const ATTENDANTS = 50;

/** 10 s of the 50-client load; its figures and which replica answered. */
async function measure(stack, token, prefix) {
  const since = new Date().toISOString();
  const load = startLoad({ app: stack.app, token, clients: 50, prefix });
  await sleep(10_000);
  const outcome = await load.stop();
  await sleep(500); // nginx's last log lines
  return { outcome, byReplica: stack.requestsByReplica(since) };
}

const shares = (byReplica) => {
  const total = [...byReplica.values()].reduce((sum, count) => sum + count, 0);
  return [...byReplica.entries()].map(([address, count]) => `${address} ${Math.round((100 * count) / total)}%`).join(', ');
};

/** 50 attendants of the demo company in the demo attendant's campaigns, with the demo attendant's password. */
function createAttendants(stack) {
  stack.psql(`
    insert into pessoa (id_empresa, em_email, pw_senha, de_pessoa, id_funcao)
    select id_empresa, 'escala' || n || '@demo.com.br', pw_senha, 'Atendente Escala ' || n, id_funcao
      from pessoa, generate_series(1, ${ATTENDANTS}) n where em_email = 'atendente@demo.com.br';
    insert into campanha_atendente (id_empresa, id_campanha, id_atendente)
    select ca.id_empresa, ca.id_campanha, p.id_pessoa
      from campanha_atendente ca
      join pessoa a on a.id_pessoa = ca.id_atendente and a.em_email = 'atendente@demo.com.br'
      join pessoa p on p.em_email like 'escala%@demo.com.br';`);
}

export async function checkScaleOut(stack) {
  const supervisor = await signIn(stack.app, 'supervisor@demo.com.br', 'Supervisor@123');
  const two = await measure(stack, supervisor, '61985');

  const started = Date.now();
  stack.run('--profile', 'scale', 'up', '-d', '--no-deps', 'api-3');
  await stack.untilHealthy(['api-3']);
  stack.reloadNginx();
  const joinedIn = Date.now() - started;
  await sleep(1000); // the reloaded workers take over
  const three = await measure(stack, supervisor, '61983');

  createAttendants(stack);
  const tokens = [];
  for (let n = 1; n <= ATTENDANTS; n += 1) tokens.push(await signIn(stack.app, `escala${n}@demo.com.br`, 'Atendente@123'));
  const since = new Date().toISOString();
  const claims = await Promise.all(tokens.map((token) => callApi(stack.app, token, 'GET', '/crm/cliente/proximo')));
  await sleep(500);
  const claimedBy = stack.requestsByReplica(since);
  const clients = claims.map((claim) => claim.data?.cliente?.ClienteID);
  const distinct = new Set(clients.filter((id) => id !== undefined));

  console.log(`  2 réplicas: ${describeLoad(two.outcome)}; ${shares(two.byReplica)}`);
  console.log(`  api-3 entrou (saudável e nginx recarregado) em ${seconds(joinedIn)}`);
  console.log(`  3 réplicas: ${describeLoad(three.outcome)}; ${shares(three.byReplica)}`);
  console.log(
    `  ${ATTENDANTS} atendentes pedindo o próximo cliente ao mesmo tempo: ${distinct.size} clientes distintos, pelas réplicas ${shares(claimedBy)}`,
  );

  // Scale in: the third replica drains and leaves; nginx forgets it.
  stack.run('--profile', 'scale', 'rm', '--stop', '--force', 'api-3');
  stack.reloadNginx();

  const problems = [];
  for (const [label, { outcome }] of [
    ['2 réplicas', two],
    ['3 réplicas', three],
  ])
    if (outcome.failed.length > 0) problems.push(`${label}: ${outcome.failed.length} pedidos falharam`);
  if (three.byReplica.size !== 3) problems.push(`a carga foi a ${three.byReplica.size} réplica(s), não 3: ${shares(three.byReplica)}`);
  if (claimedBy.size !== 3) problems.push(`os pedidos de cliente foram a ${claimedBy.size} réplica(s), não 3: ${shares(claimedBy)}`);
  if (distinct.size !== ATTENDANTS)
    problems.push(`${distinct.size} clientes distintos para ${ATTENDANTS} atendentes: ${JSON.stringify(clients)}`);
  if (problems.length) throw new Error(problems.join('; '));
}
