// Check 2, failover under load: 50 clients busy through nginx while api-1 is killed. No request fails after its
// retry, none after 2 s; no write is lost or doubled; the sockets that were on api-1 reconnect and every socket
// hears an alert sent after the kill; api-1 started again takes requests again.
import { setTimeout as sleep } from 'node:timers/promises';
import { callApi, reconnectingSocket, signIn } from '../client.mjs';
import { describeLoad, startLoad } from '../load.mjs';
import { seconds, until } from '../stack.mjs';

export async function checkFailover(stack) {
  const supervisor = await signIn(stack.app, 'supervisor@demo.com.br', 'Supervisor@123');
  const attendant = await signIn(stack.app, 'atendente@demo.com.br', 'Atendente@123');
  const sockets = Array.from({ length: 6 }, () => reconnectingSocket(stack.app, supervisor));
  // The attendant is online (their own socket), so a change of their status is a change of the board.
  const attendantSocket = reconnectingSocket(stack.app, attendant);
  const load = startLoad({ app: stack.app, token: supervisor, clients: 50, prefix: '61987' });
  await sleep(5000);
  const api1 = stack.addressOf('api-1');
  const killedAt = Date.now();
  stack.docker('kill', stack.containerOf('api-1'));
  await sleep(3000);
  // An alert after the kill: the attendant goes back to work, then pauses (through nginx, now only api-2); every
  // board socket hears of it.
  const pausedAt = Date.now();
  for (const ID_Status of [81, 202]) await callApi(stack.app, attendant, 'PUT', '/atendente/tabular', { ID_Status });
  await until('alerta da pausa em todos os sockets', () => sockets.every((socket) => socket.alerts.some((alert) => alert.at >= pausedAt)));
  await sleep(2000);
  // api-1 back: healthy again, then given requests again (after nginx's fail_timeout).
  const restartedAt = new Date();
  stack.run('start', 'api-1');
  await stack.untilHealthy(['api-1']);
  const healthyAgain = Date.now();
  await sleep(12_000);
  const outcome = await load.stop();
  for (const socket of [...sockets, attendantSocket]) socket.close();

  const late = outcome.failed.filter((request) => request.at > killedAt - load.startedAt + 2000);
  const rows = Number(stack.psql("select count(*) from nao_perturbe where co_telefone like '61987%'"));
  const reconnected = sockets.flatMap((socket) => socket.reconnections);
  const toApi1 = stack.requestsByReplica(restartedAt.toISOString()).get(api1) ?? 0;
  console.log(`  ${describeLoad(outcome)}; ${late.length} falharam mais de 2 s depois da queda`);
  console.log(`  escritas confirmadas ${outcome.acknowledged.size}, linhas no banco ${rows}`);
  console.log(
    `  sockets: ${reconnected.length} de ${sockets.length} estavam na api-1 e reconectaram (máx. ${seconds(Math.max(0, ...reconnected))}); ` +
      `todos receberam o alerta enviado depois da queda`,
  );
  console.log(`  api-1 saudável de novo em ${seconds(healthyAgain - restartedAt.getTime())}; ${toApi1} pedidos foram a ela depois`);
  const problems = [];
  if (outcome.failed.length > 0)
    problems.push(`${outcome.failed.length} pedido(s) falharam mesmo repetidos: ${JSON.stringify(outcome.failed.slice(0, 3))}`);
  if (rows !== outcome.acknowledged.size) problems.push(`linhas (${rows}) ≠ escritas confirmadas (${outcome.acknowledged.size})`);
  if (reconnected.length === 0) problems.push('nenhum socket estava na api-1: a reconexão não foi exercitada');
  if (toApi1 === 0) problems.push('a api-1 não voltou a receber pedidos');
  if (problems.length) throw new Error(problems.join('; '));
}
