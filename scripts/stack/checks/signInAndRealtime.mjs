// Check 1's web part: the app signs in through nginx, and the supervisor's live board hears, over a realtime socket
// through nginx, an attendant coming online (their own socket) and pausing (an HTTP request), each perhaps on the
// other replica.
import { setTimeout as sleep } from 'node:timers/promises';
import { callApi, openSocket, signIn } from '../client.mjs';
import { seconds, until } from '../stack.mjs';

export async function checkSignInAndRealtime(stack) {
  const supervisor = await signIn(stack.app, 'supervisor@demo.com.br', 'Supervisor@123');
  const attendant = await signIn(stack.app, 'atendente@demo.com.br', 'Atendente@123');
  const board = await openSocket(stack.app, supervisor);
  await sleep(500); // signed in on its replica before the changes it must hear about
  const started = Date.now();
  const online = await openSocket(stack.app, attendant);
  await until('alerta da atendente online', () => board.alerts.length >= 1);
  await callApi(stack.app, attendant, 'PUT', '/atendente/tabular', { ID_Status: 202 });
  await until('alerta da pausa', () => board.alerts.length >= 2);
  board.socket.close();
  online.socket.close();
  console.log(`  entrada e alerta pelo socket via nginx em ${seconds(Date.now() - started)}`);
}
