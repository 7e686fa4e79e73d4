// Check 3, database restart under light load: postgres stopped and started again (`docker restart` in two steps,
// so the time it is down is long enough to be seen, whatever the machine's speed). Both replicas say not-ready
// (/health/ready 503) while it is down, become ready again by themselves, and every write acknowledged before
// (and after) is in the database.
import { setTimeout as sleep } from 'node:timers/promises';
import { signIn } from '../client.mjs';
import { describeLoad, startLoad } from '../load.mjs';
import { seconds, until } from '../stack.mjs';

const REPLICAS = ['api-1', 'api-2'];

/** A replica's /health/ready status, asked on its compose-network address (0: no answer). */
async function readiness(address) {
  try {
    const response = await fetch(`http://${address}:3000/health/ready`, { signal: AbortSignal.timeout(2000) });
    return response.status;
  } catch {
    return 0;
  }
}

export async function checkDatabaseRestart(stack) {
  const supervisor = await signIn(stack.app, 'supervisor@demo.com.br', 'Supervisor@123');
  const addresses = Object.fromEntries(REPLICAS.map((service) => [service, stack.addressOf(service)]));
  // Each replica's readiness, every 200 ms, for the whole check.
  const seen = Object.fromEntries(REPLICAS.map((service) => [service, []]));
  let watching = true;
  const watcher = (async () => {
    while (watching) {
      await Promise.all(
        REPLICAS.map(async (service) => seen[service].push({ at: Date.now(), status: await readiness(addresses[service]) })),
      );
      await sleep(200);
    }
  })();

  const load = startLoad({ app: stack.app, token: supervisor, clients: 5, prefix: '61986', pauseMs: 100 });
  await sleep(3000);
  const postgres = stack.containerOf('postgres');
  const restartedAt = Date.now();
  stack.docker('stop', postgres);
  const downIn = await until(
    "réplicas 'não prontas' com o banco parado",
    () => REPLICAS.every((service) => seen[service].some(({ at, status }) => at >= restartedAt && status === 503)),
    15_000,
  );
  stack.docker('start', postgres);
  const restartTook = Date.now() - restartedAt;
  await until(
    'réplicas prontas de novo',
    () => REPLICAS.every((service) => seen[service].at(-1)?.at > restartedAt && seen[service].at(-1).status === 200),
    60_000,
  );
  const readyAt = Date.now();
  const readyIn = readyAt - restartedAt;
  await sleep(3000); // the load goes on after the recovery
  const outcome = await load.stop();
  watching = false;
  await watcher;

  const numbers = new Set(stack.psql("select co_telefone from nao_perturbe where co_telefone like '61986%'").split('\n').filter(Boolean));
  const lost = [...outcome.acknowledged].filter((number) => !numbers.has(number));
  const notReady = REPLICAS.filter((service) => seen[service].some(({ at, status }) => at >= restartedAt && status === 503));
  const failedAfter = outcome.failed.filter((request) => request.at > readyAt - load.startedAt + 2000);
  console.log(
    `  postgres parado: as réplicas disseram 'não pronta' em ${seconds(downIn)}; ` +
      `de volta depois de ${seconds(restartTook)}; réplicas prontas de novo ${seconds(readyIn)} depois da parada`,
  );
  console.log(`  disseram 'não pronta' (503) enquanto o banco caiu: ${notReady.join(', ') || 'nenhuma'}`);
  console.log(`  ${describeLoad(outcome)} (as que falharam: enquanto o banco estava fora); ${failedAfter.length} falharam depois da volta`);
  console.log(`  escritas confirmadas ${outcome.acknowledged.size}, perdidas ${lost.length}; linhas no banco ${numbers.size}`);
  const problems = [];
  if (notReady.length !== REPLICAS.length)
    problems.push(`réplicas que não disseram 'não pronta': ${REPLICAS.filter((s) => !notReady.includes(s))}`);
  if (lost.length > 0) problems.push(`${lost.length} escritas confirmadas sumiram: ${lost.slice(0, 3)}`);
  if (failedAfter.length > 0)
    problems.push(`${failedAfter.length} pedidos falharam depois da volta do banco: ${JSON.stringify(failedAfter.slice(0, 3))}`);
  if (numbers.size < outcome.acknowledged.size)
    problems.push(`linhas (${numbers.size}) < escritas confirmadas (${outcome.acknowledged.size})`);
  if (problems.length) throw new Error(problems.join('; '));
}
